import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { LoginPage } from '../pages/LoginPage';
import { apiLogin, creditMember, memberIdOf, registerViaApi } from './api';

/** The authenticator's code at now + `offsetMs` (the same TOTP library as the portal's). */
export const totpCode = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetMs,
  });

/** A new address nobody holds the key of: a withdrawal's destination. */
export const freshAddress = () => privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;

export interface TwoFactorMember {
  username: string;
  password: string;
  /** For the API: `authorization: Bearer …`. */
  headers: { authorization: string };
  secret: string;
  /** For signing in: the authenticator's next code may not be valid yet. */
  recoveryCode: string;
  /** A saved withdrawal address (usable at once under a hold of 0 hours). */
  address: string;
}

/**
 * A member with `income` in the income wallet (an admin's adjustment), two-factor on through the real
 * set-up flow (the code computed here), and a saved withdrawal address: ready to withdraw (the
 * `withdrawalRequiresTwoFactor` setting is on by default).
 */
export async function twoFactorMember(
  request: APIRequestContext,
  income: string,
  options: { fullName?: string } = {},
): Promise<TwoFactorMember> {
  const member = await registerViaApi(request, options);
  await creditMember(request, await memberIdOf(request, member.username), {
    wallet: 'income',
    amount: income,
    reason: 'Bonus for the test',
  });
  const session = await apiLogin(request, member.username, member.password);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const { secret } = (await (await request.post('/api/me/2fa/setup', { headers })).json()) as { secret: string };
  const enabled = await request.post('/api/me/2fa/enable', { headers, data: { code: totpCode(secret) } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  const address = freshAddress();
  const saved = await request.post('/api/withdrawal-addresses', { headers, data: { address } });
  expect(saved.status(), await saved.text()).toBe(201);
  return { ...member, headers, secret, recoveryCode: recoveryCodes[0]!, address };
}

/** Signs such a member in through the login page: the password, then a recovery code. */
export async function signInWithRecoveryCode(page: Page, member: TwoFactorMember) {
  const login = new LoginPage(page);
  await login.goto();
  await login.fill(member.username, member.password);
  await login.submit();
  await login.code.fill(member.recoveryCode);
  await login.submit();
  await expect(page).toHaveURL(/\/dashboard$/);
}

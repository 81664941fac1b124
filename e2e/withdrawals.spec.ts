import { expect, test, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { AccountSettingsPage } from './pages/AccountSettingsPage';
import { LoginPage } from './pages/LoginPage';
import { SignedInFrame } from './pages/SignedInFrame';
import { WithdrawApprovalHistoryPage } from './pages/WithdrawApprovalHistoryPage';
import { WithdrawApprovalPage } from './pages/WithdrawApprovalPage';
import { WithdrawHistoryPage } from './pages/WithdrawHistoryPage';
import { WithdrawPage } from './pages/WithdrawPage';
import {
  adminLogin,
  apiLogin,
  approverAdmin,
  creditMember,
  memberIdOf,
  registerViaApi,
  signIn,
  signInApprover,
} from './support/api';
import { chainSend } from './support/chain';

/**
 * Withdrawals as people use them: a member with income turns two-factor on
 * (codes computed here with the same TOTP library), signs in again with a
 * code, saves an address (hold 0, set by the admin), asks to withdraw; the
 * admin approves it together with two others; the payouts leave the
 * embedded chain's hot wallet and every history says paid.
 */

const code = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetMs,
  });
const freshAddress = () => privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Another member asking through the API: two-factor on, address saved, request signed off with a code. */
async function otherRequest(request: APIRequestContext, adminToken: string, amount: string) {
  const other = await registerViaApi(request);
  await creditMember(request, await memberIdOf(request, other.username), {
    wallet: 'income',
    amount,
    reason: 'Bonus for the test',
  });
  const session = await apiLogin(request, other.username, other.password);
  const setup = (await (await request.post('/api/me/2fa/setup', { headers: auth(session.accessToken) })).json()) as {
    secret: string;
  };
  expect(
    (
      await request.post('/api/me/2fa/enable', {
        headers: auth(session.accessToken),
        data: { code: code(setup.secret) },
      })
    ).status(),
  ).toBe(200);
  const to = freshAddress();
  expect(
    (
      await request.post('/api/withdrawal-addresses', { headers: auth(session.accessToken), data: { address: to } })
    ).status(),
  ).toBe(201);
  const res = await request.post('/api/withdrawals', {
    headers: auth(session.accessToken),
    data: { amount, address: to, totpCode: code(setup.secret, 30_000) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a member turns two-factor on, saves an address and withdraws; an admin approves it with two others and all are paid on chain', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminLogin(request);
  // Settings and approvals need an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const approver = await approverAdmin(request);
  // A threshold under the three withdrawals' total: the approval dialog asks for a fresh code.
  expect(
    (
      await request.patch('/api/admin/settings', {
        headers: approver.headers,
        data: { withdrawalAddressHoldHours: '0', largeApprovalThreshold: '50' },
      })
    ).status(),
  ).toBe(200);
  const member = await registerViaApi(request, { fullName: 'Wanda Withdraw' });
  await creditMember(request, await memberIdOf(request, member.username), {
    wallet: 'income',
    amount: '120.5',
    reason: 'Bonus for the test',
  });

  // Two-factor on, in the browser.
  const memberContext = await browser.newContext();
  const m = await memberContext.newPage();
  await signIn(m, member.username, member.password);
  const withdraw = new WithdrawPage(m);
  await withdraw.goto();
  await expect(m.getByText('Withdrawals need two-factor sign-in')).toBeVisible();
  const settings = new AccountSettingsPage(m);
  await settings.goto('security');
  await settings.setUpTwoFactorButton.click();
  await expect(settings.twoFactorQrCode).toBeVisible();
  const secret = await settings.readTwoFactorSecret();
  await settings.twoFactorCode.fill(code(secret));
  await settings.turnOnButton.click();
  await expect(settings.recoveryCodes).toContainText('shown only once');
  const recovery = await settings.firstRecoveryCode();

  // Signing in again asks for a code after the password (here a recovery code: the
  // next authenticator code is kept for the withdrawal, each code being single-use).
  await new SignedInFrame(m).logOut();
  const login = new LoginPage(m);
  await login.goto();
  await login.fill(member.username, member.password);
  await login.submit();
  await expect(login.code).toBeVisible();
  await login.code.fill(recovery);
  await login.submit();
  await expect(m).toHaveURL(/\/dashboard$/);

  // An address saved (hold 0: usable at once).
  const to = freshAddress();
  await settings.goto('security');
  await settings.saveAddress(to);
  await expect(settings.withdrawalAddresses).toContainText(to);

  // The request: fee and what arrives, before confirming.
  await withdraw.goto();
  await expect(withdraw.available).toContainText('120.50');
  await withdraw.amount.fill('50');
  await withdraw.chooseAddress(to);
  await withdraw.code.fill(code(secret, 30_000));
  await withdraw.reviewButton.click();
  const confirmation = withdraw.confirmation;
  await expect(confirmation).toContainText('2.50');
  await expect(confirmation).toContainText('47.50');
  await withdraw.confirmButton.click();
  await expect(m.getByText(/Withdrawal of 50.00 USDT requested/)).toBeVisible();
  await expect(withdraw.available).toContainText('70.50');

  await otherRequest(request, admin.accessToken, '20');
  await otherRequest(request, admin.accessToken, '10');

  // The admin approves all three at once.
  // The embedded chain's hot wallet starts with gas only: fund it with the
  // token from the test token's faucet (unbooked tokens: this file runs after
  // the others, see playwright.config.ts).
  const hotAddress = (
    (await (await request.get('/api/admin/withdrawals/hot-wallet', { headers: auth(admin.accessToken) })).json()) as {
      address: string;
    }
  ).address;
  await chainSend(hotAddress, '100');

  await signInApprover(page, approver);
  const approval = new WithdrawApprovalPage(page);
  await approval.goto();
  await expect(approval.hotWallet).toContainText('USDT');
  const before = (
    (await (await request.get('/api/admin/withdrawals/hot-wallet', { headers: auth(admin.accessToken) })).json()) as {
      token: string;
    }
  ).token;
  await expect(approval.table.getByRole('row')).toHaveCount(4);
  await approval.selectAllButton.click();
  await approval.approveSelectedButton(3).click();
  await expect(approval.dialog).toContainText('75.50');
  await expect(approval.dialog).toContainText('add up to more than 50.00 USDT');
  await expect(approval.approveAndPayButton).toBeDisabled();
  await page.getByTestId('approval-totp-code').fill(await approver.code());
  await approval.approveAndPayButton.click();
  await expect(page.getByText('3 withdrawals approved')).toBeVisible();

  // Paid on chain: the hot wallet sent exactly 47.5 + 19 + 9 (the 1 USDT fee floor).
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/withdrawals?status=paid', { headers: auth(admin.accessToken) });
        return ((await res.json()) as { total: number }).total;
      },
      { timeout: 60_000 },
    )
    .toBe(3);
  const after = (
    (await (await request.get('/api/admin/withdrawals/hot-wallet', { headers: auth(admin.accessToken) })).json()) as {
      token: string;
    }
  ).token;
  const units = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
  };
  expect(units(before) - units(after)).toBe(75_500_000_000_000_000_000n);

  const history = new WithdrawHistoryPage(m);
  await history.goto();
  const row = history.table.getByRole('row').nth(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('47.50');
  await expect(row).toContainText(/0x[0-9a-f]{8}…[0-9a-f]{6}/);
  const decisions = new WithdrawApprovalHistoryPage(page);
  await decisions.goto('?status=paid');
  await expect(decisions.table.getByRole('row')).toHaveCount(4);
  await memberContext.close();
});

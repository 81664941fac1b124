import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LoginPage } from '../pages/LoginPage';
import { E2E_ADMIN_PASSWORD, ROOT_USERNAME, e2eDataDir } from './constants';
import { withAdminCode } from './admin-authenticator';

export const MEMBER_PASSWORD = 'Quiet-Harbor-Lantern-7';

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { headers: { authorization: basic(username, password) } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { accessToken: string; refreshToken: string; user: { id: number; username: string } };
}

type AdminSession = Awaited<ReturnType<typeof apiLogin>>;
/** This worker's admin session: one sign-in with a code, then refreshed; calls wait for one another (a refresh token is used once). */
let adminSession: Promise<AdminSession> | undefined;

/** The admin's session for the API: signed in once per worker with a code (admin-authenticator.ts), a fresh access token each call. */
export function adminLogin(request: APIRequestContext): Promise<AdminSession> {
  const previous = adminSession;
  adminSession = (async () => {
    const current = await previous?.catch(() => undefined);
    if (current) {
      const res = await request.post('/api/auth/refresh-token', { data: { refreshToken: current.refreshToken } });
      if (res.status() === 200)
        return { ...current, ...((await res.json()) as { accessToken: string; refreshToken: string }) };
    }
    return withAdminCode(async (code) => {
      const res = await request.post('/api/auth/login', {
        headers: { authorization: basic('admin', E2E_ADMIN_PASSWORD), 'x-totp-code': code },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as AdminSession;
    });
  })();
  return adminSession;
}

let seq = 0;
export function uniqueName(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1000)}`;
}

/** A new member registered through the API (the browser flows have their own test). */
export async function registerViaApi(
  request: APIRequestContext,
  options: { username?: string; sponsor?: string; side?: 'left' | 'right'; fullName?: string } = {},
) {
  const username = options.username ?? uniqueName('m');
  const res = await request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      fullName: options.fullName ?? `Member ${username}`,
      password: MEMBER_PASSWORD,
      sponsor: options.sponsor ?? ROOT_USERNAME,
      ...(options.side ? { side: options.side } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password: MEMBER_PASSWORD, email: `${username}@example.com` };
}

/** An admin's headers for the API (a fresh sign-in). */
export async function adminHeaders(request: APIRequestContext) {
  const admin = await adminLogin(request);
  return { authorization: `Bearer ${admin.accessToken}` };
}

/** A member's id, found by username in the admin's Members list, as an admin would. */
export async function memberIdOf(request: APIRequestContext, username: string): Promise<number> {
  const res = await request.get(`/api/admin/members?search=${username}`, { headers: await adminHeaders(request) });
  const body = (await res.json()) as { items: Array<{ id: number; username: string }> };
  return body.items.find((m) => m.username === username)!.id;
}

export interface Credit {
  amount: string;
  /** Default: the deposit wallet. */
  wallet?: 'income' | 'points' | 'deposit';
  /** Default: "Browser test funding". */
  reason?: string;
  memo?: string;
}

/** Credits a member's wallet through an admin adjustment (audited, in the ledger). */
export async function creditMember(request: APIRequestContext, memberId: number, credit: Credit) {
  const { wallet = 'deposit', reason = 'Browser test funding', ...rest } = credit;
  const res = await request.post(`/api/admin/members/${memberId}/adjustments`, {
    headers: await adminHeaders(request),
    data: { wallet, reason, ...rest, direction: 'credit' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A new member (under `sponsor`, on `side`) credited 100 USDT, who bought the Starter package (100 BV). */
export async function registerStarterBuyer(
  request: APIRequestContext,
  options: { prefix?: string; sponsor?: string; side?: 'left' | 'right' } = {},
) {
  const { prefix = 'pa', ...placement } = options;
  const member = await registerViaApi(request, { username: uniqueName(prefix), ...placement });
  const session = await apiLogin(request, member.username, member.password);
  await creditMember(request, session.user.id, { amount: '100' });
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const packages = (await (await request.get('/api/packages', { headers })).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const starter = packages.items.find((p) => p.name === 'Starter')!;
  const bought = await request.post('/api/purchases', { headers, data: { packageId: starter.id } });
  expect(bought.status(), await bought.text()).toBe(201);
  return member;
}

/**
 * A new member whose wallet an admin credited through an adjustment (found by
 * username, as the admin would); answers the member and the admin's headers.
 */
export async function registerCreditedMember(request: APIRequestContext, fullName: string, credit: Credit) {
  const member = await registerViaApi(request, { fullName });
  await creditMember(request, await memberIdOf(request, member.username), credit);
  return { member, headers: await adminHeaders(request) };
}

/**
 * The newest mail the portal sent to this address (no SMTP in tests): read
 * from the file outbox in the server's data folder, as the operator would;
 * the admin outbox in the API shows mails with their links redacted.
 */
export async function latestMailTo(_request: APIRequestContext, email: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
        mail = files
          .map((name) => readFileSync(path.join(dir, name), 'utf8'))
          .find((text) => text.toLowerCase().startsWith(`to: ${email.toLowerCase()}\n`));
        return mail !== undefined;
      },
      { message: `no mail for ${email}` },
    )
    .toBe(true);
  return mail!;
}

/** The set-password link of the invitation mailed to a new admin (the newest mail to `email`, from the file outbox). */
export async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMailTo(request, email);
  expect(mail).toContain('Subject: You are invited to set your password');
  return /(http\S+\/password-reset\?invite=1&token=\S+)/.exec(mail)![1]!;
}

/**
 * A new admin sets their own password with the invitation's link, through
 * the reset endpoint its page calls: admins never choose another account's
 * password (docs/decisions/0056-admins-invite-new-admins.md).
 */
export async function acceptInvitation(request: APIRequestContext, email: string, password: string) {
  const token = new URL(await invitationLink(request, email)).searchParams.get('token');
  const res = await request.post('/api/auth/reset-password', { data: { token, password } });
  expect(res.status(), await res.text()).toBe(204);
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, username: string, password: string) {
  const login = new LoginPage(page);
  await login.goto();
  await login.fill(username, password);
  await login.submit();
  // Members land on /dashboard, admins on /admindashboard.
  await expect(page).toHaveURL(/\/(admin)?dashboard$/);
}

/**
 * Signs an admin in through the login page: a new admin with two-factor,
 * made for this sign-in (approverAdmin), so sign-ins side by side never wait
 * for one another's 30 s code step. The pages an admin sees do not depend on
 * which admin it is; signInBootstrapAdmin is for the seeded one itself.
 */
export async function signInAdmin(page: Page): Promise<ApproverAdmin> {
  const admin = await approverAdmin(page.request);
  await signInApprover(page, admin);
  return admin;
}

/** Signs the seeded admin in through the login page: password, then a code of its authenticator (admin-authenticator.ts). */
export async function signInBootstrapAdmin(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.fill('admin', E2E_ADMIN_PASSWORD);
  await login.submit();
  await expect(login.code).toBeVisible();
  await withAdminCode(async (code) => {
    await login.code.fill(code);
    await login.submit();
    await expect(page).toHaveURL(/\/admindashboard$/);
  });
}

/** An admin whose two-factor is on, with the authenticator's secret (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md). */
export interface ApproverAdmin {
  username: string;
  fullName: string;
  password: string;
  accessToken: string;
  headers: { authorization: string };
  /** A code the portal has not accepted yet (waits for the next 30 s step when the ones around now are used). */
  code(): Promise<string>;
}

/**
 * Admins approve money out and change settings only with two-factor on (the
 * `adminsRequireTwoFactor` setting, on by default). A new admin account per
 * call, created by the admin, sets its password from the invitation in the
 * outbox (acceptInvitation), turns two-factor on through the real set-up
 * flow with codes computed here from the secret the portal answered: each
 * has its own secret, so files running side by side never use one another's
 * codes, and the browser tests' admin keeps signing in with its password.
 */
export async function approverAdmin(request: APIRequestContext): Promise<ApproverAdmin> {
  const username = uniqueName('approver');
  const fullName = `Approver ${username}`;
  const password = 'Steady-Ledger-Approver-4';
  const email = `${username}@example.com`;
  const created = await request.post('/api/admin/users', {
    headers: await adminHeaders(request),
    data: { username, email, fullName },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptInvitation(request, email, password);
  const first = await apiLogin(request, username, password);
  const headers = { authorization: `Bearer ${first.accessToken}` };
  const setup = (await (await request.post('/api/me/2fa/setup', { headers })).json()) as { secret: string };
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) });
  let lastStep = -1;
  const code = async () => {
    let now = totp.counter();
    while (lastStep >= now + 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      now = totp.counter();
    }
    lastStep = Math.max(now, lastStep + 1);
    return totp.generate({ timestamp: lastStep * 30_000 });
  };
  const enabled = await request.post('/api/me/2fa/enable', { headers, data: { code: await code() } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { username, fullName, password, accessToken: first.accessToken, headers, code };
}

/** Signs an approver admin in through the login page: password, then the code step. */
export async function signInApprover(page: Page, approver: ApproverAdmin) {
  const login = new LoginPage(page);
  await login.goto();
  await login.fill(approver.username, approver.password);
  await login.submit();
  await expect(login.code).toBeVisible();
  await login.code.fill(await approver.code());
  await login.submit();
  await expect(page).toHaveURL(/\/admindashboard$/);
}

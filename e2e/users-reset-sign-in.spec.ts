import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { UsersPage } from './pages/UsersPage';
import {
  adminHeaders,
  apiLogin,
  invitationLink,
  latestMailTo,
  memberIdOf,
  registerViaApi,
  signInAdmin,
  uniqueName,
} from './support/api';
import { axeSerious } from './support/tour';

// axe-core is injected inline.
test.use({ bypassCSP: true });

/**
 * Admins never set or learn a password
 * (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md,
 * docs/decisions/0056-admins-invite-new-admins.md): the Users page offers
 * "Reset sign-in", which signs the member out everywhere and mails them a
 * link to choose a new password, and "Create admin", which mails the new
 * admin a link to set their own. The admin signs in with two-factor, as
 * every admin write needs.
 */
test('the admin resets a member’s sign-in from the Users page: signed out, mailed a reset link, no password field', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request);
  const session = await apiLogin(request, member.username, member.password);
  const me = () => request.get('/api/me', { headers: { authorization: `Bearer ${session.accessToken}` } });
  expect((await me()).status()).toBe(200);
  // No path sets a password: the API refuses one (the admin's API session: a sign-in with a code, then refreshed).
  const memberId = await memberIdOf(request, member.username);
  const setPassword = await request.patch(`/api/admin/users/${memberId}`, {
    headers: await adminHeaders(request),
    data: { password: 'Admin-Chosen-Secret-9' },
  });
  expect(setPassword.status()).toBe(400);

  await signInAdmin(page);
  const users = new UsersPage(page);
  await users.goto(`?search=${member.username}`);
  await page.getByRole('button', { name: `Actions for @${member.username}` }).click();
  await expect(page.getByRole('menuitem', { name: /password/i })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Reset sign-in' }).click();

  const dialog = page.getByRole('dialog', { name: `Reset the sign-in of @${member.username}?` });
  await expect(dialog).toContainText('You never see or set the password.');
  await expect(dialog.getByLabel(/password/i)).toHaveCount(0);
  expect(await axeSerious(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Reset sign-in' }).click();
  await expect(page.getByText(`@${member.username} is signed out everywhere`).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  expect((await me()).status()).toBe(401);
  const mail = await latestMailTo(request, member.email);
  expect(mail).toContain('Subject: Your sign-in was reset');
  expect(mail).toMatch(/\/password-reset\?token=\S+/);
});

test('the admin creates an admin from the Users page: no password field, a set-password link mailed; the new admin sets it, then signs in', async ({
  page,
  browser,
  request,
}) => {
  const username = uniqueName('invited');
  const email = `${username}@example.com`;
  const password = 'Invited-Beacon-Harbor-6';
  await signInAdmin(page);
  const users = new UsersPage(page);
  await users.goto();
  await users.fillCreateAdmin({ username, email, fullName: `Invited ${username}` });
  const dialog = users.createAdminDialog;
  await expect(dialog).toContainText('The new admin gets a mail with a link to set their own password');
  await expect(dialog.getByLabel(/password/i)).toHaveCount(0);
  expect(await axeSerious(page)).toEqual([]);
  await users.createAdminSubmit.click();
  await expect(
    page.getByText(`Admin @${username} created and mailed a link to set their password.`).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // No password signs the account in until its owner sets one.
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  expect((await request.post('/api/auth/login', { headers: { authorization: basic } })).status()).toBe(401);

  // The new admin opens the mailed link in a browser of their own.
  const link = await invitationLink(request, email);
  const context = await browser.newContext({ bypassCSP: true });
  const own = await context.newPage();
  const reset = new ResetPasswordPage(own);
  await reset.goto(link);
  await expect(own.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await reset.reset(password);
  await expect(own).toHaveURL(/\/login$/);
  const login = new LoginPage(own);
  await login.fill(username, password);
  await login.submit();
  // A new admin's first sign-in lands on the two-factor set-up (admin-two-factor.spec.ts).
  await expect(own).toHaveURL(/\/account-settings\?tab=security/);
  await context.close();
});

import { expect, test } from '@playwright/test';
import { UsersPage } from './pages/UsersPage';
import { adminHeaders, apiLogin, latestMailTo, memberIdOf, registerViaApi, signInAdmin } from './support/api';
import { axeSerious } from './support/tour';

// axe-core is injected inline.
test.use({ bypassCSP: true });

/**
 * Admins never set or learn a password
 * (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md):
 * the Users page offers "Reset sign-in", which signs the member out
 * everywhere and mails them a link to choose a new password. The admin signs
 * in with two-factor, as every admin write needs.
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

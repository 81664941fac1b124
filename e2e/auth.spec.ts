import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './support/constants';
import { MEMBER_PASSWORD, latestMailTo, registerViaApi, signIn, signInAdmin, uniqueName } from './support/api';

test.describe('routes and guard', () => {
  test('the root path goes to the login page; an unknown path shows an error page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no/such/page');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });

  test('a signed-in page without a session goes to / and on to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member opening an admin page is sent to the dashboard', async ({ page, request }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);
    for (const path of ['/Users', '/admindashboard', '/withdraw-approval']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('the admin reaches admin pages and sees their titles', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admindashboard');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' }).first()).toBeVisible();
    await page.goto('/Users');
    await expect(page.getByRole('heading', { name: 'Users Management' }).first()).toBeVisible();
  });
});

test.describe('sign-in', () => {
  test('empty fields give the original message and send nothing', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) calls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username and password are required.').first()).toBeVisible();
    expect(calls).toBe(0);
  });

  test("a failed sign-in shows the server's message", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid username or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin signs in, lands on the dashboard with real data, and the session survives a reload', async ({ page }) => {
    await signInAdmin(page);
    await expect(page.getByText('Administrator').first()).toBeVisible();
    const stored = await page.evaluate(() => ({
      access: sessionStorage.getItem('accessToken'),
      user: sessionStorage.getItem('user'),
      role: sessionStorage.getItem('role'),
      refresh: localStorage.getItem('refreshToken'),
      refreshInSession: sessionStorage.getItem('refreshToken'),
    }));
    expect(stored.access).toBeTruthy();
    expect(stored.user).toContain('admin');
    expect(stored.role).toBe('admin');
    expect(stored.refresh).toBeTruthy();
    expect(stored.refreshInSession).toBeNull();
    await page.reload();
    await expect(page).toHaveURL(/\/admindashboard$/); // admins land there (issue 15, point 1)
    await expect(page.getByText('Administrator').first()).toBeVisible();
  });

  test('visiting /login ends the session', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/login');
    const cleared = await page.evaluate(() => [sessionStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    expect(cleared).toEqual([null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout from the user menu', async ({ page }) => {
    await signInAdmin(page);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: /log ?out/i }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('token refresh', () => {
  test('an expired access token is refreshed once and the request retried', async ({ page }) => {
    await signInAdmin(page);
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/refresh-token')) refreshes.push(r.url());
    });
    // A token the server no longer accepts, as after its 15 minutes have passed.
    await page.evaluate(() => sessionStorage.setItem('accessToken', 'expired.token.value'));
    await page.goto('/account-settings');
    await expect(page.getByLabel('Full name')).toHaveValue('Administrator');
    expect(refreshes).toHaveLength(1);
    const rotated = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    expect(rotated).not.toBe('expired.token.value');
  });

  test('a refresh that fails logs the user out', async ({ page }) => {
    await signInAdmin(page);
    await page.evaluate(() => {
      sessionStorage.setItem('accessToken', 'expired.token.value');
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
    });
    await page.goto('/account-settings');
    await expect(page.getByText('Refresh token expired').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  });
});

test.describe('accounts', () => {
  test('register from a referral link, then sign in', async ({ page, request }) => {
    const sponsor = await registerViaApi(request);
    const username = uniqueName('reg');
    await page.goto(`/register?ref=${sponsor.username}&side=right`);
    await expect(page.getByLabel('Sponsor')).toHaveValue(sponsor.username);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Full name').fill('Referred Person');
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, username, MEMBER_PASSWORD);
    await expect(page.getByText('Referred Person').first()).toBeVisible();
  });

  test('registration errors are shown on the field', async ({ page }) => {
    await page.goto('/register?ref=no-such-sponsor');
    const username = uniqueName('bad');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Full name').fill('Some One');
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Sponsor "no-such-sponsor" does not exist.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });

  test('forgot password, mail in the outbox, reset, sign in with the new password', async ({ page, request }) => {
    const member = await registerViaApi(request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account uses this address, a reset link is on its way.').first()).toBeVisible();

    const mail = await latestMailTo(request, member.email);
    const link = /(http\S+\/password-reset\?token=\S+)/.exec(mail)![1]!;
    await page.goto(link);
    await page.getByLabel('New password').fill('Fresh-Orchard-Window-5');
    await page.getByLabel('Confirm password').fill('Fresh-Orchard-Window-5');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.username, 'Fresh-Orchard-Window-5');
  });

  test('account settings change the profile and the password', async ({ page, request }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);
    await page.goto('/account-settings');
    await page.getByLabel('Full name').fill('Changed Name');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changed Name').first()).toBeVisible();
    await page.getByRole('tab', { name: /security/i }).click();
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password').fill('Another-Bright-Meadow-3');
    await page.getByLabel('Confirm password').fill('Another-Bright-Meadow-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/password (was )?changed/i).first()).toBeVisible();
    await signIn(page, member.username, 'Another-Bright-Meadow-3');
  });
});

test('the admin password printed at first start is the one that works', async ({ request }) => {
  const res = await request.post('/api/auth/login', {
    headers: { authorization: `Basic ${Buffer.from(`admin:${E2E_ADMIN_PASSWORD}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
});

import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './support/constants';
import { withAdminCode } from './support/admin-authenticator';
import { AccountSettingsPage } from './pages/AccountSettingsPage';
import { AdminDashboardPage } from './pages/AdminDashboardPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignedInFrame } from './pages/SignedInFrame';
import { UsersPage } from './pages/UsersPage';
import {
  MEMBER_PASSWORD,
  latestMailTo,
  registerViaApi,
  signIn,
  signInAdmin,
  signInBootstrapAdmin,
  uniqueName,
} from './support/api';

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
    const frame = new SignedInFrame(page);
    await new AdminDashboardPage(page).goto();
    await expect(frame.pageTitle).toHaveText('Admin Dashboard');
    await new UsersPage(page).goto();
    await expect(frame.pageTitle).toHaveText('Users Management');
  });
});

test.describe('sign-in', () => {
  test('empty fields give the original message and send nothing', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) calls += 1;
    });
    const login = new LoginPage(page);
    await login.goto();
    await login.submit();
    await expect(page.getByText('Username and password are required.').first()).toBeVisible();
    expect(calls).toBe(0);
  });

  test("a failed sign-in shows the server's message", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.fill('admin', 'definitely-wrong');
    await login.submit();
    await expect(page.getByText('Invalid username or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin signs in, lands on the dashboard with real data, and the session survives a reload', async ({
    page,
  }) => {
    await signInBootstrapAdmin(page);
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
    await expect(page).toHaveURL(/\/admindashboard$/); // admins land there
    await expect(page.getByText('Administrator').first()).toBeVisible();
  });

  test('visiting /login ends the session', async ({ page }) => {
    await signInAdmin(page);
    await new LoginPage(page).goto();
    const cleared = await page.evaluate(() => [
      sessionStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(cleared).toEqual([null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout from the user menu', async ({ page }) => {
    await signInAdmin(page);
    await new SignedInFrame(page).logOut();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('token refresh', () => {
  test('an expired access token is refreshed once and the request retried', async ({ page }) => {
    const admin = await signInAdmin(page);
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/refresh-token')) refreshes.push(r.url());
    });
    // A token the server no longer accepts, as after its 15 minutes have passed.
    await page.evaluate(() => sessionStorage.setItem('accessToken', 'expired.token.value'));
    const settings = new AccountSettingsPage(page);
    await settings.goto();
    await expect(settings.fullName).toHaveValue(admin.fullName);
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
    await new AccountSettingsPage(page).goto();
    await expect(page.getByText('Refresh token expired').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  });
});

test.describe('accounts', () => {
  test('register from a referral link: signed in at once, greeted as new, welcomed back at the next sign-in', async ({
    page,
    request,
  }) => {
    const sponsor = await registerViaApi(request);
    const username = uniqueName('reg');
    const register = new RegisterPage(page);
    await register.goto(`?ref=${sponsor.username}&side=right`);
    await expect(register.sponsor).toHaveValue(sponsor.username);
    await register.fill({
      username,
      email: `${username}@example.com`,
      fullName: 'Referred Person',
      password: MEMBER_PASSWORD,
    });
    await register.submit();
    // Registration signs the new member in; a first visit says "Welcome", not "Welcome back".
    await expect(page).toHaveURL(/\/dashboard$/);
    const greeting = page.getByTestId('welcome-card');
    await expect(greeting).toContainText('Welcome,');
    await expect(greeting).toContainText('Referred Person');
    await expect(greeting).toContainText('You have no package yet');
    await signIn(page, username, MEMBER_PASSWORD);
    await expect(page.getByTestId('welcome-card')).toContainText('Welcome back,');
  });

  test('registration errors are shown on the field', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto('?ref=no-such-sponsor');
    const username = uniqueName('bad');
    await register.fill({
      username,
      email: `${username}@example.com`,
      fullName: 'Some One',
      password: MEMBER_PASSWORD,
    });
    await register.submit();
    await expect(page.getByText('Sponsor "no-such-sponsor" does not exist.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });

  test('forgot password, mail in the outbox, reset, sign in with the new password', async ({ page, request }) => {
    const member = await registerViaApi(request);
    const forgot = new ForgotPasswordPage(page);
    await forgot.goto();
    await forgot.requestLink(member.email);
    await expect(page.getByText('If an account uses this address, a reset link is on its way.').first()).toBeVisible();

    const mail = await latestMailTo(request, member.email);
    const link = /(http\S+\/password-reset\?token=\S+)/.exec(mail)![1]!;
    const reset = new ResetPasswordPage(page);
    await reset.goto(link);
    await reset.reset('Fresh-Orchard-Window-5');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.username, 'Fresh-Orchard-Window-5');
  });

  test('account settings change the profile and the password', async ({ page, request }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);
    const settings = new AccountSettingsPage(page);
    await settings.goto();
    await settings.saveFullName('Changed Name');
    await expect(page.getByText('Changed Name').first()).toBeVisible();
    await settings.securityTab.click();
    await settings.changePassword(member.password, 'Another-Bright-Meadow-3');
    await expect(page.getByText(/password (was )?changed/i).first()).toBeVisible();
    await signIn(page, member.username, 'Another-Bright-Meadow-3');
  });
});

test('the admin password printed at first start is the one that works', async ({ request }) => {
  // With the code of the admin's authenticator: the test server turned two-factor on for it (support/serve.ts).
  const status = await withAdminCode(async (code) => {
    const res = await request.post('/api/auth/login', {
      headers: {
        authorization: `Basic ${Buffer.from(`admin:${E2E_ADMIN_PASSWORD}`).toString('base64')}`,
        'x-totp-code': code,
      },
    });
    return res.status();
  });
  expect(status).toBe(200);
});

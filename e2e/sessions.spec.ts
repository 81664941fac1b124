import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { SignedInFrame } from './pages/SignedInFrame';
import { WalletPage } from './pages/WalletPage';
import { registerViaApi, signIn } from './support/api';

/**
 * Sessions (docs/decisions/0010-sign-in-that-holds.md) that survive a second tab, refreshes coordinated across
 * tabs, a replay after the grace interval still ending the sign-in, and the
 * sign-in returning to the page asked for.
 */

/** Counts the refresh calls the browser context makes. */
function countRefreshes(context: BrowserContext) {
  const counter = { refreshes: 0 };
  context.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh-token')) counter.refreshes += 1;
  });
  return counter;
}

/** Spoils this tab's access token, as if it had expired: its next request answers 401 and refreshes. */
async function expireAccessToken(page: Page) {
  await page.evaluate(() => window.sessionStorage.setItem('accessToken', 'expired.access.token'));
}

/** A client-side navigation through the menu (the guard restores the session from storage on the way). */
async function openFromMenu(page: Page, title: string) {
  await new SignedInFrame(page).menuLink(title).click();
}

/** The title the signed-in frame shows for the page open in this tab. */
function titleOf(page: Page) {
  return new SignedInFrame(page).pageTitle;
}

test.describe('two tabs', () => {
  test('a second tab opened on /wallet is signed in; both stay signed in after both refresh; signing out in one signs the other out at its next request', async ({
    page,
    context,
    request,
  }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);

    const second = await context.newPage();
    await second.goto('/wallet');
    await expect(second).toHaveURL(/\/wallet$/);
    await expect(titleOf(second)).toHaveText('Wallet');

    for (const tab of [page, second]) {
      await expireAccessToken(tab);
      await openFromMenu(tab, 'Dashboard');
      await expect(tab).toHaveURL(/\/dashboard$/);
      await expect(titleOf(tab)).toHaveText('Dashboard');
    }
    // Still signed in, both of them, after both refreshed.
    for (const tab of [page, second]) {
      await openFromMenu(tab, 'Wallet');
      await expect(tab).toHaveURL(/\/wallet$/);
      await expect(titleOf(tab)).toHaveText('Wallet');
    }

    await new SignedInFrame(page).logOut();
    await expect(page).toHaveURL(/\/login$/);

    // A page this tab has not read yet, so it makes a request (a visited one may answer from the query cache).
    await openFromMenu(second, 'Referral Link');
    await expect(second).toHaveURL(/\/login$/);
  });

  test('two tabs whose access tokens expire together both carry on, with one refresh and no revocation', async ({
    page,
    context,
    request,
  }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);
    const second = await context.newPage();
    await second.goto('/wallet');
    await expect(titleOf(second)).toHaveText('Wallet');

    const counter = countRefreshes(context);
    await expireAccessToken(page);
    await expireAccessToken(second);
    await Promise.all([openFromMenu(page, 'Wallet'), openFromMenu(second, 'Dashboard')]);
    await expect(titleOf(page)).toHaveText('Wallet');
    await expect(titleOf(second)).toHaveText('Dashboard');
    // The title shows as the route matches; the pages' data comes after their 401 and the refresh: wait for it.
    await expect(new WalletPage(page).depositBalance).toBeVisible();
    await expect(new DashboardPage(second).depositBalance).toBeVisible();
    expect(counter.refreshes).toBe(1);

    // No revocation: both tabs go on working, and a later refresh still succeeds.
    await expireAccessToken(second);
    await openFromMenu(second, 'Wallet');
    await expect(second).toHaveURL(/\/wallet$/);
    await expect(titleOf(second)).toHaveText('Wallet');
    await openFromMenu(page, 'Dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(titleOf(page)).toHaveText('Dashboard');
  });

  test('a replay of a rotated refresh token after the grace interval still ends the sign-in', async ({
    page,
    request,
  }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);
    const stolen = await page.evaluate(() => window.localStorage.getItem('refreshToken'));
    expect(stolen).toBeTruthy();

    // The tab refreshes (its token rotates), then the old token is replayed past the grace interval.
    await expireAccessToken(page);
    await openFromMenu(page, 'Wallet');
    await expect(titleOf(page)).toHaveText('Wallet');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('refreshToken'))).not.toBe(stolen);
    await page.waitForTimeout(6_000); // the grace interval is 5 s (REFRESH_GRACE_MS)
    const replay = await request.post('/api/auth/refresh-token', { data: { refreshToken: stolen } });
    expect(replay.status()).toBe(401);

    // The whole sign-in is revoked: the tab is signed out at its next request
    // (a page it has not read yet, so the query cache cannot answer for it).
    await openFromMenu(page, 'Referral Link');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('return to the page asked for', () => {
  test('a signed-out visit to a protected page returns there after sign-in', async ({ page, request }) => {
    const member = await registerViaApi(request);
    await page.goto('/withdraw-history');
    await expect(page).toHaveURL(/\/login$/);
    const login = new LoginPage(page);
    await login.fill(member.username, member.password);
    await login.submit();
    await expect(page).toHaveURL(/\/withdraw-history$/);
  });

  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    test(`?next=${next} lands on the dashboard`, async ({ page, request }) => {
      const member = await registerViaApi(request);
      const login = new LoginPage(page);
      await login.goto(next);
      await login.fill(member.username, member.password);
      await login.submit();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test('?next= with a page of the portal returns there', async ({ page, request }) => {
    const member = await registerViaApi(request);
    const login = new LoginPage(page);
    await login.goto('/wallet');
    await login.fill(member.username, member.password);
    await login.submit();
    await expect(page).toHaveURL(/\/wallet$/);
  });
});

test.describe('where you are signed in', () => {
  test('a sign-in from a second browser shows under Security, and "Sign out everywhere else" ends it', async ({
    page,
    browser,
    request,
  }) => {
    const member = await registerViaApi(request);
    await signIn(page, member.username, member.password);
    const otherBrowser = await browser.newContext();
    const other = await otherBrowser.newPage();
    await signIn(other, member.username, member.password);

    await page.goto('/account-settings?tab=security');
    const inForce = page.getByRole('table', { name: 'Sessions in force' });
    await expect(inForce.getByText('This device')).toBeVisible();
    await expect(inForce.getByRole('button', { name: 'Sign out' })).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Recent sign-ins' }).getByText('In force')).toHaveCount(2);

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('One other session will be signed out at once');
    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Every other session was signed out.')).toBeVisible();
    await expect(inForce.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Recent sign-ins' }).getByText(/^Ended /)).toHaveCount(1);

    // The other browser is signed out at its next request (a page it has not read yet).
    await openFromMenu(other, 'Referral Link');
    await expect(other).toHaveURL(/\/login$/);
    await otherBrowser.close();
  });
});

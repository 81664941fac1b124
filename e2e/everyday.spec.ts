import { expect, test, type Page, type Request } from '@playwright/test';
import { isLongLived } from './support/streams';
import { DashboardPage } from './pages/DashboardPage';
import { MemberNetworkPage } from './pages/MemberNetworkPage';
import { PurchasePackagePage } from './pages/PurchasePackagePage';
import { SignedInFrame } from './pages/SignedInFrame';
import { SponsorTreePage } from './pages/SponsorTreePage';
import { TransferSenderHistoryPage } from './pages/TransferSenderHistoryPage';
import { WalletPage } from './pages/WalletPage';
import { apiLogin, creditMember, registerViaApi, signIn, signInAdmin } from './support/api';

/**
 * Today's pages as people use them (docs/decisions/0015-pages-as-people-use-them.md):
 * one test per point that
 * failed before — admin navigation (1), a member not placed yet (10), a
 * short balance on Buy (11), typing into a date filter (17) and one
 * feedback per action (19).
 */

/** Every failed request and console error the page meets from now on. */
function failures(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  return seen;
}

/**
 * Waits until none of the page's requests has been in flight for 300 ms:
 * `networkidle` for a move inside the app, which loads no new document, and
 * for a signed-in page, whose notifications stream never ends (support/streams.ts).
 */
function quietNetwork(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let quietSince = Date.now();
  const done = (r: Request) => {
    inFlight.delete(r);
    quietSince = Date.now();
  };
  page.on('request', (r) => !isLongLived(r) && inFlight.add(r));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    quietSince = Date.now(); // the move's first request may not have started yet
    await expect.poll(() => inFlight.size === 0 && Date.now() - quietSince >= 300, { intervals: [50] }).toBe(true);
  };
}

test('point 1: an admin without membership lands on the admin dashboard, Admin group first, no member page that can only fail', async ({
  page,
}) => {
  await signInAdmin(page);
  await expect(page).toHaveURL(/\/admindashboard$/);
  // From here: the sign-in's own 401 (the password accepted, its second factor asked for) is not a page failing.
  const seen = failures(page);
  const frame = new SignedInFrame(page);
  await expect(frame.menuGroups.first()).toHaveAccessibleName('Admin');
  for (const failing of ['Dashboard', 'Referral Link', 'Wallet', 'Transfer', 'Purchase Package']) {
    await expect(frame.menuLink(failing)).toHaveCount(0);
  }
  // Menu names are the page titles.
  await frame.menuLink('Users Management').click();
  await expect(frame.pageTitle).toHaveText('Users Management');
  // A group folds and stays folded after a reload.
  await frame.groupToggle('adminReports').click();
  await expect(frame.menuLink('Matching Bonus Report', { exact: false })).toHaveCount(0);
  await page.reload();
  await expect(frame.menuLink('Users Management')).toBeVisible();
  await expect(frame.menuLink('Matching Bonus Report', { exact: false })).toHaveCount(0);
  // Every page the menu offers opens from the menu, as the admin moves
  // around, without a failed request.
  await frame.groupToggle('adminReports').click();
  const idle = quietNetwork(page);
  const entries = frame.menuLinks;
  const hrefs = await entries.evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const [i, href] of hrefs.entries()) {
    await entries.nth(i).click();
    await expect(page).toHaveURL(href);
    await idle();
  }
  expect(hrefs.length).toBeGreaterThan(15);
  expect(seen).toEqual([]);
});

test('point 10: a member not placed yet reads an explanation on the dashboard and the member network, with no failed request', async ({
  page,
  request,
}) => {
  const sponsor = await registerViaApi(request);
  const member = await registerViaApi(request, { sponsor: sponsor.username }); // no leg: waits for the sponsor
  const seen = failures(page);
  const quiet = quietNetwork(page);
  await signIn(page, member.username, member.password);
  await quiet();
  await expect(new DashboardPage(page).planOverview).toContainText('Not placed yet');
  const tree = new MemberNetworkPage(page);
  await tree.goto();
  await expect(tree.notPlaced).toContainText('You have not been placed in the binary tree yet');
  await quiet();
  expect(seen).toEqual([]);
});

test('point 11: with a short balance, Buy shows the balance and how to fund it instead of a doomed button', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request);
  const me = await apiLogin(request, member.username, member.password);
  await creditMember(request, me.user.id, { amount: '40' });
  await signIn(page, member.username, member.password);
  const purchase = new PurchasePackagePage(page);
  await purchase.goto();
  await expect(purchase.depositBalance).toContainText('40.00');
  await expect(purchase.shortfall('Starter')).toContainText('60.00 USDT short');
  await expect(purchase.fundingLink('Starter', 'deposit')).toHaveAttribute('href', '/deposit');
  await expect(purchase.fundingLink('Starter', 'transfer')).toHaveAttribute('href', '/transfer');
  await expect(purchase.buyButton('Starter')).toHaveCount(0);
});

test('point 17: typing a year into a date filter keeps it and puts the whole day in the URL', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request);
  await signIn(page, member.username, member.password);
  const lists: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/transfers?')) lists.push(r.url());
  });
  const quiet = quietNetwork(page);
  const sent = new TransferSenderHistoryPage(page);
  await sent.goto('?from=2026-03-15');
  const from = sent.from;
  await expect(from).toHaveValue('2026-03-15');
  // Overtype the year: month, day, year segments (en-US), so two steps right from the month.
  await from.click({ position: { x: 12, y: 10 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('2025');
  await expect(page).toHaveURL(/from=2025-03-15/);
  await expect(from).toHaveValue('2025-03-15');
  // The list was never asked for a half-typed year such as 0002 or 0020.
  await quiet();
  expect(lists.filter((url) => /from=0/.test(url))).toEqual([]);
});

test('point 19: a double click gives one request outcome and one toast', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const me = await apiLogin(request, member.username, member.password);
  await creditMember(request, me.user.id, { amount: '300' });
  const purchases: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/purchases')) purchases.push(r.url());
  });
  const quiet = quietNetwork(page);
  await signIn(page, member.username, member.password);
  const purchase = new PurchasePackagePage(page);
  await purchase.goto();
  await purchase.buyButton('Starter').click();
  await purchase.payButton.dblclick();
  await expect(page.getByText('Purchased Starter for 100.00 USDT.')).toHaveCount(1);
  await quiet();
  await expect(page.getByText(/Purchased Starter/)).toHaveCount(1);
  expect(purchases).toHaveLength(1);
});

test('point 4: a referral bonus reads as one in the income wallet history, which filters by kind', async ({
  page,
  request,
}) => {
  const sponsor = await registerViaApi(request, { side: 'left' });
  const buyer = await registerViaApi(request, { sponsor: sponsor.username, side: 'left' });
  const buyPackage = async (who: { username: string; password: string }) => {
    const me = await apiLogin(request, who.username, who.password);
    await creditMember(request, me.user.id, { amount: '100' });
    const packages = (await (
      await request.get('/api/packages', { headers: { authorization: `Bearer ${me.accessToken}` } })
    ).json()) as {
      items: Array<{ id: number; name: string }>;
    };
    const starter = packages.items.find((p) => p.name === 'Starter')!;
    const bought = await request.post('/api/purchases', {
      headers: { authorization: `Bearer ${me.accessToken}`, 'idempotency-key': `buy-${who.username}` },
      data: { packageId: starter.id },
    });
    expect(bought.status(), await bought.text()).toBe(201);
  };
  await buyPackage(sponsor); // active, so it earns
  await buyPackage(buyer);

  await signIn(page, sponsor.username, sponsor.password);
  const wallet = new WalletPage(page);
  await wallet.goto();
  await wallet.filterByKind('Referral bonus');
  await expect(page).toHaveURL(/kind=referral_bonus/);
  const history = wallet.history;
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('Referral bonus');
  await expect(history).toContainText(buyer.username);
  await expect(history).not.toContainText('Package purchase');
});

test('point 16: sponsor-tree search suggestions are not clipped by their card', async ({ page, request }) => {
  const found = await registerViaApi(request, { username: `zq${Date.now().toString(36)}` });
  await signInAdmin(page);
  const sponsorTree = new SponsorTreePage(page);
  await sponsorTree.goto();
  await sponsorTree.search.fill(found.username.slice(0, 6));
  const option = sponsorTree.found(found.username);
  await expect(option).toBeVisible();
  // What is drawn at the suggestion's centre is the suggestion itself, not the card or page below it.
  const hit = await sponsorTree.drawnOnTop(option);
  expect(hit).toBe(true);
});

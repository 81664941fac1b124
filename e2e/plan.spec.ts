import { expect, test } from '@playwright/test';
import { AdminPackagesPage } from './pages/AdminPackagesPage';
import { AdminReferralBonusPage } from './pages/AdminReferralBonusPage';
import { DashboardPage } from './pages/DashboardPage';
import { PurchasePackagePage } from './pages/PurchasePackagePage';
import { ReferralBonusPage } from './pages/ReferralBonusPage';
import { RepurchaseHistoryPage } from './pages/RepurchaseHistoryPage';
import { TotalIncomePage } from './pages/TotalIncomePage';
import { creditMember, memberIdOf, registerViaApi, signIn, signInAdmin, uniqueName } from './support/api';

test('a member buys a package after confirming, the sponsor sees the referral bonus, the admin sees it in the reports', async ({
  page,
  request,
}) => {
  // The sponsor sits off the company's outer legs, where the other files' members (sponsored by the company)
  // are placed as they join, so that none of them lands in its teams while this test reads their volume.
  const anchor = await registerViaApi(request, { username: uniqueName('an'), side: 'left' });
  const sponsor = await registerViaApi(request, {
    username: uniqueName('sp'),
    sponsor: anchor.username,
    side: 'right',
  });
  const buyer = await registerViaApi(request, { username: uniqueName('by'), sponsor: sponsor.username, side: 'left' });
  await creditMember(request, await memberIdOf(request, sponsor.username), { amount: '100' });
  await creditMember(request, await memberIdOf(request, buyer.username), { amount: '1000' });

  // The sponsor buys first, so it is active and earns.
  await signIn(page, sponsor.username, sponsor.password);
  const purchase = new PurchasePackagePage(page);
  await purchase.goto();
  await purchase.buyButton('Starter').click();
  await expect(purchase.confirmation).toContainText('100.00 USDT');
  await purchase.payButton.click();
  await expect(page.getByText('Purchased Starter for 100.00 USDT.')).toBeVisible();
  await expect(purchase.status).toHaveText('Active · Starter');

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, buyer.username, buyer.password);
  await purchase.goto();
  await purchase.buyButton('Gold').click();
  await purchase.payButton.click();
  await expect(page.getByText('Purchased Gold for 1,000.00 USDT.')).toBeVisible();
  // Not enough left for another: the card says so and how to fund it, with no button that can only fail.
  await expect(purchase.shortfall('Starter')).toContainText('100.00 USDT short');
  await expect(purchase.repurchaseButton('Starter')).toHaveCount(0);
  const purchases = new RepurchaseHistoryPage(page);
  await purchases.goto();
  await expect(purchases.table).toContainText('Gold');

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, sponsor.username, sponsor.password);
  const bonuses = new ReferralBonusPage(page);
  await bonuses.goto();
  await expect(bonuses.table).toContainText(buyer.username);
  await expect(bonuses.total).toContainText('100.00 USDT');
  const income = new TotalIncomePage(page);
  await income.goto();
  await expect(income.referralIncome).toHaveText('100.00 USDT');
  // The dashboard shows the legs and what the next close would pay on them (nothing yet: one leg only).
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.planOverview).toContainText('1,000 BV carried');
  await expect(dashboard.nextClose).toHaveText('Next close: +0.00 USDT');

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInAdmin(page);
  // The daily close itself is run in plan-admin.spec.ts: a server's today closes once.
  const allBonuses = new AdminReferralBonusPage(page);
  await allBonuses.goto(`?member=${sponsor.username}`);
  await expect(allBonuses.table).toContainText(buyer.username);
  const packages = new AdminPackagesPage(page);
  await packages.goto();
  await expect(packages.table).toContainText('Platinum');
});

import { expect, test } from '@playwright/test';
import { RepurchaseHistoryPage } from './pages/RepurchaseHistoryPage';
import { WalletPage } from './pages/WalletPage';
import { apiLogin, creditMember, registerStarterBuyer, registerViaApi, signIn, uniqueName } from './support/api';

test('a member cancels a Gold within the window: the deposit wallet is back, the sponsor sees the referral bonus taken back with the purchase named', async ({
  page,
  request,
}) => {
  const sponsor = await registerStarterBuyer(request, { prefix: 'rs', side: 'left' });
  const buyer = await registerViaApi(request, { username: uniqueName('rb'), sponsor: sponsor.username, side: 'left' });
  const session = await apiLogin(request, buyer.username, buyer.password);
  await creditMember(request, session.user.id, { amount: '1000' });
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const packages = (await (await request.get('/api/packages', { headers })).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const gold = packages.items.find((p) => p.name === 'Gold')!;
  const bought = await request.post('/api/purchases', { headers, data: { packageId: gold.id } });
  expect(bought.status(), await bought.text()).toBe(201);
  const purchaseId = ((await bought.json()) as { id: number }).id;

  await signIn(page, buyer.username, buyer.password);
  const purchases = new RepurchaseHistoryPage(page);
  await purchases.goto();
  await purchases.cancelButton(purchaseId).click();
  await expect(purchases.cancelSummary).toContainText('Back to your deposit wallet');
  await expect(purchases.cancelSummary).toContainText('1,000.00');
  await purchases.confirmCancel.click();
  await expect(page.getByText('Cancelled Gold: 1,000.00 USDT is back in your deposit wallet.')).toBeVisible();
  await expect(purchases.table).toContainText('Cancelled');
  await expect(purchases.cancelButton(purchaseId)).toHaveCount(0);
  const wallet = new WalletPage(page);
  await wallet.goto();
  await expect(wallet.depositBalance).toContainText('1,000.00');

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, sponsor.username, sponsor.password);
  await wallet.goto();
  await expect(wallet.history).toContainText(
    `Clawback: Cancellation of ${buyer.username}'s Gold (purchase #${purchaseId})`,
  );
});

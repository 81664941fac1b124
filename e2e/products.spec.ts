import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { AdminDashboardPage } from './pages/AdminDashboardPage';
import { AdminProductsPage } from './pages/AdminProductsPage';
import { ConvertPage } from './pages/ConvertPage';
import { RedeemHistoryPage } from './pages/RedeemHistoryPage';
import { RedeemProductPage } from './pages/RedeemProductPage';
import { RedemptionApprovalPage } from './pages/RedemptionApprovalPage';
import { RedemptionHistoryPage } from './pages/RedemptionHistoryPage';
import { WalletPage } from './pages/WalletPage';
import { approverAdmin, registerCreditedMember, signIn, signInAdmin, signInApprover, uniqueName } from './support/api';

/**
 * Products as people use them: an admin adds a product with a photo, a
 * member converts income into points and redeems it, the admin approves it,
 * and both histories and the point wallet agree.
 */
test('add a product with a picture → convert → redeem → approve: both histories and the point wallet agree', async ({
  page,
  browser,
  request,
}) => {
  // The member's income, credited by an admin adjustment of the income wallet.
  const { member } = await registerCreditedMember(request, 'Rita Redeemer', {
    wallet: 'income',
    amount: '100',
    reason: 'Bonus correction',
  });

  // The admin adds a product with a picture made here.
  const productName = `Canvas tote ${uniqueName('p')}`;
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 140, g: 87, b: 255 } } })
    .png()
    .toBuffer();
  // The admin approves the redemption too: with two-factor on (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const approver = await approverAdmin(request);
  await signInApprover(page, approver);
  const products = new AdminProductsPage(page);
  await products.goto();
  await products.fillNew({
    name: productName,
    description: 'Heavy cotton, printed with the portal logo.',
    price: '40',
    stock: '5',
    picture: { name: 'tote.png', mimeType: 'image/png', buffer: png },
  });
  await expect(products.dialog.getByText('tote.png')).toBeVisible();
  await products.save();
  await expect(page.getByText(`${productName} saved.`)).toBeVisible();
  const row = products.row(productName);
  await expect(row).toContainText('40.00 points');
  await expect(row).toContainText('Active');
  await expect(products.thumbnail(productName)).toHaveAttribute(
    'src',
    /^\/api\/media\/products\/[0-9a-f]{64}-thumb\.webp$/,
  );

  // The member converts income into points and redeems two, on a phone-sized screen.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  await signIn(phone, member.username, member.password);
  const convert = new ConvertPage(phone);
  await convert.goto();
  await convert.convert('100');
  await expect(convert.points).toContainText('100.00 points');

  const redeem = new RedeemProductPage(phone);
  await redeem.goto();
  await expect(redeem.points).toContainText('100.00 points');
  const card = redeem.card(productName);
  await expect(card).toContainText('40.00 points');
  await expect(card).toContainText('5 in stock');
  // The picture really loads, from the portal's own origin.
  await expect
    .poll(() => redeem.picture(productName).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await redeem.openRedeemForm(productName);
  await redeem.quantity.fill('2');
  await redeem.reviewButton.click();
  await expect(redeem.form.getByText('Delivery address is required')).toBeVisible();
  await redeem.deliveryAddress.fill('7 Orchard Lane\nSpringfield 12345');
  await redeem.reviewButton.click();
  await expect(redeem.confirmation).toContainText(`2 × ${productName}`);
  await expect(redeem.pointsBefore).toContainText('100.00 points');
  await expect(redeem.pointsToPay).toContainText('80.00 points');
  await expect(redeem.pointsAfter).toContainText('20.00 points');
  await redeem.confirmButton.click();
  await expect(phone.getByText(`Redeemed 2 × ${productName} for 80.00 points.`, { exact: false })).toBeVisible();
  await expect(redeem.points).toContainText('20.00 points');
  await expect(card).toContainText('3 in stock');

  const history = new RedeemHistoryPage(phone);
  await history.goto();
  const mine = history.table;
  await expect(mine.getByRole('row')).toHaveCount(2);
  await expect(mine).toContainText(`2 × ${productName}`);
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText('80.00 points');

  // The admin's dashboard says a redemption waits, and leads to it; the admin
  // approves it (selected, then approved as a batch).
  const dashboard = new AdminDashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.redemptionsToApprove).not.toHaveText(/^(0|—)$/);
  await dashboard.redemptionsToApproveLink.click();
  await expect(page).toHaveURL('/redemption-approval');
  const approval = new RedemptionApprovalPage(page);
  const pendingRow = approval.row(member.username);
  await expect(pendingRow).toContainText('7 Orchard Lane');
  const reference = await approval.reference(pendingRow);
  await approval.select(pendingRow);
  await expect(approval.selectedCount).toHaveText('1 selected');
  await approval.approveSelectedButton.click();
  await expect(approval.decisionConfirmation).toContainText(reference);
  await expect(approval.decisionConfirmation).toContainText('80.00 points');
  await approval.approveButton.click();
  await expect(page.getByText('Approved 1 redemption for shipping.')).toBeVisible();
  await expect(approval.row(member.username)).toHaveCount(0);

  const decisions = new RedemptionHistoryPage(page);
  await decisions.goto(member.username);
  const decided = decisions.table;
  await expect(decided.getByRole('row')).toHaveCount(2);
  await expect(decided).toContainText(reference);
  await expect(decided).toContainText('Approved (shipped)');
  // Decided by the admin who approved it (the approver admin, see above).
  await expect(decided).toContainText(approver.username);

  // The member's history and point wallet agree with the admin's.
  await history.goto();
  await expect(mine).toContainText('Approved (shipped)');
  await expect(mine).toContainText(reference);
  const wallet = new WalletPage(phone);
  await wallet.goto();
  await expect(wallet.pointsBalance).toContainText('20.00');
  await expect(wallet.history).toContainText(`Product redemption: 2 × ${productName} for 80.00 points`);
  await context.close();

  // The admin pages work at 360 px too: the tables scroll, the page does not.
  await page.setViewportSize({ width: 360, height: 740 });
  const adminTables = [
    { open: () => products.goto(), table: products.table },
    { open: () => approval.goto(), table: approval.table },
    { open: () => decisions.goto(member.username), table: decisions.table },
  ];
  for (const { open, table } of adminTables) {
    await open();
    await expect(table).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(360);
  }
});

test('an admin rejects a redemption with a reason: the member sees why and has the points back', async ({
  page,
  browser,
  request,
}) => {
  const { member, headers } = await registerCreditedMember(request, 'Rex Rejected', {
    wallet: 'points',
    amount: '30',
    reason: 'Loyalty points',
  });
  const productName = `Desk lamp ${uniqueName('p')}`;
  const created = await request.post('/api/admin/products', {
    headers,
    data: { name: productName, price: '12.5', stock: 2 },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext();
  const phone = await context.newPage();
  await signIn(phone, member.username, member.password);
  const redeem = new RedeemProductPage(phone);
  await redeem.goto();
  const card = redeem.card(productName);
  await redeem.redeem(productName, '1 Main Street, Smalltown');
  await expect(redeem.points).toContainText('17.50 points');
  await expect(card).toContainText('1 in stock');

  await signInAdmin(page);
  const approval = new RedemptionApprovalPage(page);
  await approval.goto(member.username);
  const row = approval.row(member.username);
  const reference = await approval.reference(row);
  await approval.openReject(row, reference);
  await approval.rejectButton.click();
  await expect(page.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await approval.reason.fill('Lamp discontinued by the supplier');
  await approval.rejectButton.click();
  await expect(page.getByText('Rejected 1 redemption; points and stock returned.')).toBeVisible();

  const history = new RedeemHistoryPage(phone);
  await history.goto();
  await expect(history.table).toContainText('Rejected');
  await expect(history.table).toContainText('Lamp discontinued by the supplier');
  await redeem.goto();
  await expect(redeem.points).toContainText('30.00 points');
  await expect(card).toContainText('2 in stock');
  await context.close();
});

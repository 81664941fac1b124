import { expect, test } from '@playwright/test';
import { ConversionHistoryPage } from './pages/ConversionHistoryPage';
import { ConvertPage } from './pages/ConvertPage';
import { DashboardPage } from './pages/DashboardPage';
import { MemberDetailPage } from './pages/MemberDetailPage';
import { TransactionsPage } from './pages/TransactionsPage';
import { TransferPage } from './pages/TransferPage';
import { TransferReceiverHistoryPage } from './pages/TransferReceiverHistoryPage';
import { TransferSenderHistoryPage } from './pages/TransferSenderHistoryPage';
import { WalletPage } from './pages/WalletPage';
import { adminLogin, creditMember, memberIdOf, registerViaApi, signIn, signInAdmin } from './support/api';

/**
 * The ledger as people use it: an admin credits a member, the member sends
 * part of it to another member and converts income into points; every page
 * and the CSV agree to the last decimal.
 */

test('an admin credits a member, who transfers to another member; both histories and the CSV agree', async ({
  page,
  browser,
  request,
}) => {
  const alice = await registerViaApi(request, { fullName: 'Alice Ledger' });
  const bob = await registerViaApi(request, { fullName: 'Bob Ledger' });
  const aliceId = await memberIdOf(request, alice.username);

  await signInAdmin(page);
  const aliceByAdmin = new MemberDetailPage(page);
  await aliceByAdmin.goto(aliceId);
  await aliceByAdmin.creditAndWait('Deposit wallet', '100.000000000000000001', 'Opening balance');
  await expect(aliceByAdmin.depositBalance).toContainText('100.00');

  const aliceContext = await browser.newContext();
  const alicePage = await aliceContext.newPage();
  await signIn(alicePage, alice.username, alice.password);
  await expect(new DashboardPage(alicePage).depositBalance).toContainText('100.00');

  const transfer = new TransferPage(alicePage);
  await transfer.goto();
  await transfer.receiver.fill(bob.username);
  await expect(alicePage.getByText('Paying Bob Ledger')).toBeVisible();
  await transfer.amount.fill('25.125');
  await transfer.reviewButton.click();
  const confirmation = transfer.confirmation;
  await expect(confirmation).toContainText('Bob Ledger');
  await expect(confirmation).toContainText('25.13 USDT'); // 25.125 shown with 2 decimals
  await expect(confirmation).toContainText('Fee (0%)');
  await transfer.confirmButton.click();
  await expect(alicePage.getByText(`Sent 25.13 USDT to Bob Ledger`)).toBeVisible();
  await expect(transfer.available).toContainText('74.88');

  const sentHistory = new TransferSenderHistoryPage(alicePage);
  await sentHistory.goto();
  const sent = sentHistory.table;
  await expect(sent.getByRole('row')).toHaveCount(2);
  await expect(sent).toContainText('Bob Ledger');
  await expect(sent).toContainText('25.13 USDT');

  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob.username, bob.password);
  const receivedHistory = new TransferReceiverHistoryPage(bobPage);
  await receivedHistory.goto();
  const received = receivedHistory.table;
  await expect(received.getByRole('row')).toHaveCount(2);
  await expect(received).toContainText('Alice Ledger');
  await expect(received).toContainText('25.13 USDT');
  const bobWallet = new WalletPage(bobPage);
  await bobWallet.goto();
  await expect(bobWallet.depositBalance).toContainText('25.13');
  await expect(bobWallet.history).toContainText(`Transfer from ${alice.username}`);

  // The admin's CSV carries the exact figures.
  const transactions = new TransactionsPage(page);
  await transactions.goto(`?member=${alice.username}`);
  await expect(transactions.table).toContainText('Transfer');
  const csv = await transactions.exportCsv();
  expect(csv).toContain(
    `${alice.username} / deposit wallet,${alice.username},deposit,,USDT,-25.125,74.875000000000000001`,
  );
  expect(csv).toContain(`${bob.username} / deposit wallet,${bob.username},deposit,,USDT,25.125,25.125`);
  expect(csv).toContain('USDT,100.000000000000000001,100.000000000000000001');

  await aliceContext.close();
  await bobContext.close();
});

test('a member converts income into points after a confirmation; a refused amount moves nothing and says why', async ({
  page,
  browser,
  request,
}) => {
  const carol = await registerViaApi(request, { fullName: 'Carol Points' });
  const carolId = await memberIdOf(request, carol.username);
  await signInAdmin(page);
  const carolByAdmin = new MemberDetailPage(page);
  await carolByAdmin.goto(carolId);
  await carolByAdmin.creditAndWait('Income wallet', '30', 'Bonus correction');

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, carol.username, carol.password);
  const convert = new ConvertPage(member);
  await convert.goto();
  await expect(convert.income).toContainText('30.00 USDT');

  await convert.amount.fill('9.99');
  await convert.reviewButton.click();
  await expect(member.getByText('The minimum conversion is 10.00 USDT.').first()).toBeVisible();

  await convert.amount.fill('12.5');
  await convert.reviewButton.click();
  await expect(convert.confirmation).toContainText('12.50 points');
  await convert.convertButton.click();
  await expect(member.getByText('Converted 12.50 USDT into 12.50 points.')).toBeVisible();
  await expect(convert.income).toContainText('17.50 USDT');
  await expect(convert.points).toContainText('12.50 points');

  const conversions = new ConversionHistoryPage(member);
  await conversions.goto();
  await expect(conversions.table).toContainText('12.50 points');
  const dashboard = new DashboardPage(member);
  await dashboard.goto();
  await expect(dashboard.pointsBalance).toContainText('12.50');
  await expect(dashboard.recentActivity).toContainText('Converted to points');
  await context.close();
});

test('a blocked member cannot receive a transfer; the sender is told so', async ({ page, request }) => {
  const dave = await registerViaApi(request);
  const erin = await registerViaApi(request);
  const admin = await adminLogin(request);
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const daveId = await memberIdOf(request, dave.username);
  const erinId = await memberIdOf(request, erin.username);
  await creditMember(request, daveId, { amount: '5', reason: 'Test' });
  expect((await request.patch(`/api/admin/users/${erinId}`, { headers, data: { status: 'blocked' } })).status()).toBe(
    200,
  );

  await signIn(page, dave.username, dave.password);
  const transfer = new TransferPage(page);
  await transfer.goto();
  await transfer.receiver.fill(erin.username);
  await expect(
    page.getByText(`The account of "${erin.username}" is blocked and cannot receive transfers.`),
  ).toBeVisible();
  await transfer.amount.fill('2');
  await transfer.reviewButton.click();
  await expect(transfer.confirmation).toHaveCount(0);
  await expect(transfer.available).toContainText('5.00 USDT');
});

import { expect, test, type Page } from '@playwright/test';
import { adminLogin, registerViaApi, signIn, signInAdmin } from './support/api';

/**
 * The ledger as people use it: an admin credits a member, the member sends
 * part of it to another member and converts income into points; every page
 * and the CSV agree to the last decimal.
 */

async function memberId(request: Parameters<typeof adminLogin>[0], username: string): Promise<number> {
  const admin = await adminLogin(request);
  const res = await request.get(`/api/admin/members?search=${username}`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  const body = (await res.json()) as { items: Array<{ id: number; username: string }> };
  return body.items.find((m) => m.username === username)!.id;
}

async function creditThroughUi(
  page: Page,
  id: number,
  wallet: 'Deposit wallet' | 'Income wallet',
  amount: string,
  reason: string,
) {
  await page.goto(`/Members/${id}`);
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog');
  if (wallet !== 'Deposit wallet') {
    await dialog.getByRole('combobox', { name: 'Wallet' }).click();
    await page.getByRole('option', { name: new RegExp(wallet) }).click();
  }
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Review' }).click();
  // The reason is required: the dialog refuses to go on without one.
  await expect(dialog.getByText('A reason is required', { exact: false })).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('adjustment-confirmation')).toContainText(reason);
  await page.getByRole('button', { name: 'Confirm credit' }).click();
  await expect(page.getByText(/^Credited /).first()).toBeVisible();
}

test('an admin credits a member, who transfers to another member; both histories and the CSV agree', async ({
  page,
  browser,
  request,
}) => {
  const alice = await registerViaApi(request, { fullName: 'Alice Ledger' });
  const bob = await registerViaApi(request, { fullName: 'Bob Ledger' });
  const aliceId = await memberId(request, alice.username);

  await signInAdmin(page);
  await creditThroughUi(page, aliceId, 'Deposit wallet', '100.000000000000000001', 'Opening balance');
  await expect(page.getByTestId('balance-deposit')).toContainText('100.00');

  const aliceContext = await browser.newContext();
  const alicePage = await aliceContext.newPage();
  await signIn(alicePage, alice.username, alice.password);
  await expect(alicePage.getByTestId('balance-deposit')).toContainText('100.00');

  await alicePage.goto('/transfer');
  await alicePage.getByLabel('Receiver username').fill(bob.username);
  await expect(alicePage.getByText('Paying Bob Ledger')).toBeVisible();
  await alicePage.getByLabel('Amount').fill('25.125');
  await alicePage.getByRole('button', { name: 'Review transfer' }).click();
  const confirmation = alicePage.getByTestId('transfer-confirmation');
  await expect(confirmation).toContainText('Bob Ledger');
  await expect(confirmation).toContainText('25.13 USDT'); // 25.125 shown with 2 decimals
  await expect(confirmation).toContainText('Fee (0%)');
  await alicePage.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(alicePage.getByText(`Sent 25.13 USDT to Bob Ledger`)).toBeVisible();
  await expect(alicePage.getByTestId('transfer-available')).toContainText('74.88');

  await alicePage.goto('/transfer-sender-history');
  const sent = alicePage.getByRole('table', { name: 'Transfers sent' });
  await expect(sent.getByRole('row')).toHaveCount(2);
  await expect(sent).toContainText('Bob Ledger');
  await expect(sent).toContainText('25.13 USDT');

  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob.username, bob.password);
  await bobPage.goto('/transfer-Receiver-history');
  const received = bobPage.getByRole('table', { name: 'Transfers received' });
  await expect(received.getByRole('row')).toHaveCount(2);
  await expect(received).toContainText('Alice Ledger');
  await expect(received).toContainText('25.13 USDT');
  await bobPage.goto('/wallet');
  await expect(bobPage.getByTestId('balance-deposit')).toContainText('25.13');
  await expect(bobPage.getByRole('table', { name: 'Wallet history' })).toContainText(`Transfer from ${alice.username}`);

  // The admin's CSV carries the exact figures.
  await page.goto(`/Transactions?member=${alice.username}`);
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Transfer');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
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
  const carolId = await memberId(request, carol.username);
  await signInAdmin(page);
  await creditThroughUi(page, carolId, 'Income wallet', '30', 'Bonus correction');

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, carol.username, carol.password);
  await member.goto('/convert');
  await expect(member.getByTestId('convert-income')).toContainText('30.00 USDT');

  await member.getByLabel('Amount').fill('9.99');
  await member.getByRole('button', { name: 'Review conversion' }).click();
  await expect(member.getByText('The minimum conversion is 10.00 USDT.').first()).toBeVisible();

  await member.getByLabel('Amount').fill('12.5');
  await member.getByRole('button', { name: 'Review conversion' }).click();
  await expect(member.getByTestId('conversion-confirmation')).toContainText('12.50 points');
  await member.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect(member.getByText('Converted 12.50 USDT into 12.50 points.')).toBeVisible();
  await expect(member.getByTestId('convert-income')).toContainText('17.50 USDT');
  await expect(member.getByTestId('convert-points')).toContainText('12.50 points');

  await member.goto('/convert-history');
  await expect(member.getByRole('table', { name: 'Point conversions' })).toContainText('12.50 points');
  await member.goto('/dashboard');
  await expect(member.getByTestId('balance-points')).toContainText('12.50');
  await expect(member.getByRole('table', { name: 'Recent activity' })).toContainText('Converted to points');
  await context.close();
});

test('a blocked member cannot receive a transfer; the sender is told so', async ({ page, request }) => {
  const dave = await registerViaApi(request);
  const erin = await registerViaApi(request);
  const admin = await adminLogin(request);
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const daveId = await memberId(request, dave.username);
  const erinId = await memberId(request, erin.username);
  expect(
    (
      await request.post(`/api/admin/members/${daveId}/adjustments`, {
        headers,
        data: { wallet: 'deposit', direction: 'credit', amount: '5', reason: 'Test' },
      })
    ).status(),
  ).toBe(201);
  expect((await request.patch(`/api/admin/users/${erinId}`, { headers, data: { status: 'blocked' } })).status()).toBe(
    200,
  );

  await signIn(page, dave.username, dave.password);
  await page.goto('/transfer');
  await page.getByLabel('Receiver username').fill(erin.username);
  await expect(
    page.getByText(`The account of "${erin.username}" is blocked and cannot receive transfers.`),
  ).toBeVisible();
  await page.getByLabel('Amount').fill('2');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(page.getByTestId('transfer-confirmation')).toHaveCount(0);
  await expect(page.getByTestId('transfer-available')).toContainText('5.00 USDT');
});

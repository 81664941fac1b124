import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminLogin, registerViaApi, signIn, signInAdmin, uniqueName } from './support/api';

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
  const member = await registerViaApi(request, { fullName: 'Rita Redeemer' });
  const admin = await adminLogin(request);
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const found = await request.get(`/api/admin/members?search=${member.username}`, { headers });
  const memberId = ((await found.json()) as { items: Array<{ id: number; username: string }> }).items.find((m) => m.username === member.username)!.id;
  // The member's income, credited by an admin adjustment of the income wallet.
  const credit = await request.post(`/api/admin/members/${memberId}/adjustments`, {
    headers,
    data: { wallet: 'income', direction: 'credit', amount: '100', reason: 'Bonus correction' },
  });
  expect(credit.status()).toBe(201);

  // The admin adds a product with a picture made here.
  const productName = `Canvas tote ${uniqueName('p')}`;
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 140, g: 87, b: 255 } } }).png().toBuffer();
  await signInAdmin(page);
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(productName);
  await dialog.getByLabel('Description').fill('Heavy cotton, printed with the portal logo.');
  await dialog.getByLabel('Price (points)').fill('40');
  await dialog.getByLabel('Stock').fill('5');
  await dialog.getByLabel('Picture file').setInputFiles({ name: 'tote.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByText('tote.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${productName} saved.`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(productName) });
  await expect(row).toContainText('40.00 points');
  await expect(row).toContainText('Active');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/media\/products\/[0-9a-f]{64}-thumb\.webp$/);

  // The member converts income into points and redeems two, on a phone-sized screen.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  await signIn(phone, member.username, member.password);
  await phone.goto('/convert');
  await phone.getByLabel('Amount').fill('100');
  await phone.getByRole('button', { name: 'Review conversion' }).click();
  await phone.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect(phone.getByTestId('convert-points')).toContainText('100.00 points');

  await phone.goto('/redeem-product');
  await expect(phone.getByTestId('redeem-points')).toContainText('100.00 points');
  const card = phone.getByTestId('product-card').filter({ hasText: productName });
  await expect(card).toContainText('40.00 points');
  await expect(card).toContainText('5 in stock');
  // The picture really loads, from the portal's own origin.
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await card.getByRole('button', { name: 'Redeem' }).click();
  const form = phone.getByRole('dialog');
  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Review' }).click();
  await expect(form.getByText('Delivery address is required')).toBeVisible();
  await form.getByLabel('Delivery address').fill('7 Orchard Lane\nSpringfield 12345');
  await form.getByRole('button', { name: 'Review' }).click();
  const confirmation = phone.getByTestId('redemption-confirmation');
  await expect(confirmation).toContainText(`2 × ${productName}`);
  await expect(confirmation.getByText('Points before').locator('..')).toContainText('100.00 points');
  await expect(confirmation.getByText('Points to pay').locator('..')).toContainText('80.00 points');
  await expect(confirmation.getByText('Points after').locator('..')).toContainText('20.00 points');
  await phone.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(phone.getByText(`Redeemed 2 × ${productName} for 80.00 points.`, { exact: false })).toBeVisible();
  await expect(phone.getByTestId('redeem-points')).toContainText('20.00 points');
  await expect(card).toContainText('3 in stock');

  await phone.goto('/redeem-history');
  const mine = phone.getByRole('table', { name: 'Redemptions' });
  await expect(mine.getByRole('row')).toHaveCount(2);
  await expect(mine).toContainText(`2 × ${productName}`);
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText('80.00 points');

  // The admin approves it (selected, then approved as a batch).
  await page.goto('/redemption-approval');
  const pending = page.getByRole('table', { name: 'Pending redemptions' });
  const pendingRow = pending.getByRole('row', { name: new RegExp(member.username) });
  await expect(pendingRow).toContainText('7 Orchard Lane');
  const reference = (await pendingRow.getByRole('checkbox').getAttribute('aria-label'))!.replace('Select ', '');
  await pendingRow.getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByTestId('decision-confirmation')).toContainText(reference);
  await expect(page.getByTestId('decision-confirmation')).toContainText('80.00 points');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Approved 1 redemption for shipping.')).toBeVisible();
  await expect(pending.getByRole('row', { name: new RegExp(member.username) })).toHaveCount(0);

  await page.goto(`/redemption-approval-history?search=${member.username}`);
  const decided = page.getByRole('table', { name: 'Redemption decisions' });
  await expect(decided.getByRole('row')).toHaveCount(2);
  await expect(decided).toContainText(reference);
  await expect(decided).toContainText('Approved (shipped)');
  await expect(decided).toContainText('admin');

  // The member's history and point wallet agree with the admin's.
  await phone.goto('/redeem-history');
  await expect(mine).toContainText('Approved (shipped)');
  await expect(mine).toContainText(reference);
  await phone.goto('/wallet');
  await expect(phone.getByTestId('balance-points')).toContainText('20.00');
  await expect(phone.getByRole('table', { name: 'Wallet history' })).toContainText(`Product redemption: 2 × ${productName} for 80.00 points`);
  await context.close();

  // The admin pages work at 360 px too: the tables scroll, the page does not.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/admin/products', '/redemption-approval', `/redemption-approval-history?search=${member.username}`]) {
    await page.goto(path);
    await expect(page.getByRole('table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

test('an admin rejects a redemption with a reason: the member sees why and has the points back', async ({ page, browser, request }) => {
  const member = await registerViaApi(request, { fullName: 'Rex Rejected' });
  const admin = await adminLogin(request);
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const found = await request.get(`/api/admin/members?search=${member.username}`, { headers });
  const memberId = ((await found.json()) as { items: Array<{ id: number; username: string }> }).items.find((m) => m.username === member.username)!.id;
  const credit = await request.post(`/api/admin/members/${memberId}/adjustments`, {
    headers,
    data: { wallet: 'points', direction: 'credit', amount: '30', reason: 'Loyalty points' },
  });
  expect(credit.status()).toBe(201);
  const productName = `Desk lamp ${uniqueName('p')}`;
  const created = await request.post('/api/admin/products', { headers, data: { name: productName, price: '12.5', stock: 2 } });
  expect(created.status()).toBe(201);

  const context = await browser.newContext();
  const phone = await context.newPage();
  await signIn(phone, member.username, member.password);
  await phone.goto('/redeem-product');
  const card = phone.getByTestId('product-card').filter({ hasText: productName });
  await card.getByRole('button', { name: 'Redeem' }).click();
  await phone.getByRole('dialog').getByLabel('Delivery address').fill('1 Main Street, Smalltown');
  await phone.getByRole('dialog').getByRole('button', { name: 'Review' }).click();
  await phone.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(phone.getByTestId('redeem-points')).toContainText('17.50 points');
  await expect(card).toContainText('1 in stock');

  await signInAdmin(page);
  await page.goto(`/redemption-approval?search=${member.username}`);
  const row = page.getByRole('table', { name: 'Pending redemptions' }).getByRole('row', { name: new RegExp(member.username) });
  const reference = (await row.getByRole('checkbox').getAttribute('aria-label'))!.replace('Select ', '');
  await row.getByRole('button', { name: `Reject ${reference}` }).click();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await page.getByLabel('Reason').fill('Lamp discontinued by the supplier');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('Rejected 1 redemption; points and stock returned.')).toBeVisible();

  await phone.goto('/redeem-history');
  const mine = phone.getByRole('table', { name: 'Redemptions' });
  await expect(mine).toContainText('Rejected');
  await expect(mine).toContainText('Lamp discontinued by the supplier');
  await phone.goto('/redeem-product');
  await expect(phone.getByTestId('redeem-points')).toContainText('30.00 points');
  await expect(card).toContainText('2 in stock');
  await context.close();
});

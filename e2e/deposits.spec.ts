import { expect, test } from '@playwright/test';
import { registerViaApi, signIn, signInAdmin } from './support/api';
import { chainRpc, chainSend } from './support/chain';

/**
 * A BEP20 deposit as a member lives it, on the portal's embedded chain
 * (anvil, a block a second): the member sees their address, test USDT is
 * sent to it with `chain:send`, and the deposit page goes from seen to
 * credited by itself. The admin then consolidates and the BEP20 wallets
 * page shows the treasury holding it, reconciled.
 */

test('a member deposits test USDT and sees it credited live; the admin consolidates and the wallets page reconciles', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = await registerViaApi(page.request, { fullName: 'Dora Deposit' });
  await signIn(page, member.username, member.password);
  await page.goto('/deposit');
  await expect(page.getByText('USDT · BNB Smart Chain (BEP20)')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your deposit address' })).toBeVisible();
  await expect(page.getByText('Other tokens, or USDT sent on another network, are lost', { exact: false })).toBeVisible();
  const address = (await page.getByTestId('deposit-address').textContent())!.trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('deposit-balance')).toHaveText('0.00 USDT');

  // Mining is held while the transfer goes out, so its block stays unfinal long enough to watch.
  await chainRpc('evm_setIntervalMining', [0]);
  const sent = chainSend(address, '250');
  await expect.poll(async () => {
    await chainRpc('anvil_mine', ['0x1']);
    return Promise.race([sent.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1_000))]);
  }, { timeout: 30_000 }).toBe(true);
  expect(await sent).toContain('Sent 250 test USDT');

  // No reload from here on: the page polls.
  const table = page.getByRole('table', { name: 'Recent deposits' });
  try {
    await expect(table.locator('[data-status="seen"]')).toBeVisible({ timeout: 20_000 });
    await expect(table).toContainText('250.00');
  } finally {
    await chainRpc('evm_setIntervalMining', [1]);
  }
  await expect(table.locator('[data-status="credited"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('deposit-balance')).toHaveText('250.00 USDT');
  await page.goto('/deposit-history-member');
  await expect(page.getByRole('table', { name: 'Your deposits' })).toContainText('250.00');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto('/deposit-history');
  await expect(admin.getByRole('table', { name: 'All deposits' })).toContainText(member.username);

  await admin.goto('/deposit-consolidate-history');
  await admin.getByRole('button', { name: 'Consolidate now' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Consolidate' }).click();
  const sweeps = admin.getByRole('table', { name: 'Consolidations' });
  await expect(sweeps).toContainText('Completed', { timeout: 30_000 });
  await expect(sweeps).toContainText('Gas top-up');
  await expect(sweeps).toContainText('Sweep250.00 USDT');

  await admin.goto('/bep20-wallets');
  await expect(admin.getByTestId('balance-treasury')).toHaveText('250.00 USDT');
  await expect(admin.getByTestId('reconciliation')).toContainText('Balanced');
  await expect(admin.getByTestId('unexplained')).toHaveText('0.00 USDT');
  await adminContext.close();
});

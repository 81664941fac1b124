import { expect, test, type APIRequestContext } from '@playwright/test';
import { AdminDepositHistoryPage } from './pages/AdminDepositHistoryPage';
import { Bep20WalletsPage } from './pages/Bep20WalletsPage';
import { ConsolidationsPage } from './pages/ConsolidationsPage';
import { DepositPage } from './pages/DepositPage';
import { MemberDepositHistoryPage } from './pages/MemberDepositHistoryPage';
import { approverAdmin, registerViaApi, signIn, signInApprover, type ApproverAdmin } from './support/api';
import { chainRpc, chainSend } from './support/chain';
import { axeSerious } from './support/tour';

/**
 * A BEP20 deposit as a member lives it, on the portal's embedded chain
 * (anvil, a block a second): the member sees their address, test USDT is
 * sent to it with `chain:send`, and the deposit page goes from seen to
 * credited by itself. The admin then consolidates and the BEP20 wallets
 * page shows the treasury holding it, reconciled, and moves part of it to
 * the hot wallet from that page, still reconciled.
 */

test('a member deposits test USDT and sees it credited live; the admin consolidates and the wallets page reconciles', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await registerViaApi(page.request, { fullName: 'Dora Deposit' });
  await signIn(page, member.username, member.password);
  const deposit = new DepositPage(page);
  await deposit.goto();
  await expect(page.getByText('USDT · BNB Smart Chain (BEP20)')).toBeVisible();
  await expect(deposit.qrCode).toBeVisible();
  await expect(
    page.getByText('Other tokens, or USDT sent on another network, are lost', { exact: false }),
  ).toBeVisible();
  const address = await deposit.readAddress();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(deposit.balance).toHaveText('0.00 USDT');

  // Mining is held while the transfer goes out, so its block stays unfinal long enough to watch.
  await chainRpc('evm_setIntervalMining', [0]);
  const sent = chainSend(address, '250');
  await expect
    .poll(
      async () => {
        await chainRpc('anvil_mine', ['0x1']);
        return Promise.race([sent.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1_000))]);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await sent).toContain('Sent 250 test USDT');

  // No reload from here on: the page polls.
  try {
    await expect(deposit.recentWithStatus('seen')).toBeVisible({ timeout: 20_000 });
    await expect(deposit.recent).toContainText('250.00');
  } finally {
    await chainRpc('evm_setIntervalMining', [1]);
  }
  await expect(deposit.recentWithStatus('credited')).toBeVisible({ timeout: 30_000 });
  await expect(deposit.balance).toHaveText('250.00 USDT');
  // Asked for by its hash ("Deposit not showing?"), it is credited already: nothing moves again.
  const txHash = /transaction (0x[0-9a-fA-F]{64})/.exec(await sent)![1]!;
  await deposit.recover(txHash);
  await expect(deposit.recovery).toContainText('Already credited');
  await expect(deposit.balance).toHaveText('250.00 USDT');
  const history = new MemberDepositHistoryPage(page);
  await history.goto();
  await expect(history.table).toContainText('250.00');

  // axe-core is injected inline at the end, which the portal's content-security policy refuses otherwise.
  const adminContext = await browser.newContext({ bypassCSP: true });
  const admin = await adminContext.newPage();
  // Consolidating needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const approver = await approverAdmin(page.request);
  await signInApprover(admin, approver);
  const allDeposits = new AdminDepositHistoryPage(admin);
  await allDeposits.goto();
  await expect(allDeposits.table).toContainText(member.username);
  // Rescanning the deposit's block finds it credited already: nothing is credited again.
  const block = await depositBlock(page.request, approver, member.username);
  await allDeposits.rescan(block, block);
  await expect(allDeposits.rescanProgress).toContainText('Done', { timeout: 30_000 });
  await expect(allDeposits.rescanProgress).toContainText('1 of 1 blocks read (100 %). Found 1 · credited 0');
  expect(await axeSerious(admin)).toEqual([]);

  // A hot wallet target of 0 sends the sweep to the treasury, where this test counts it
  // (with the default target it would fill the hot wallet first: ADR 0034).
  await setHotWalletTarget(page.request, approver, '0');
  const consolidations = new ConsolidationsPage(admin);
  await consolidations.goto();
  await consolidations.consolidate();
  const sweeps = consolidations.table;
  await expect(sweeps).toContainText('Completed', { timeout: 30_000 });
  await expect(sweeps).toContainText('Gas top-up');
  await expect(sweeps).toContainText('Sweep250.00 USDT');

  const wallets = new Bep20WalletsPage(admin);
  await wallets.goto();
  await expect(wallets.treasuryBalance).toHaveText('250.00 USDT');
  await expect(wallets.reconciliation).toContainText('Balanced');
  await expect(wallets.unexplained).toHaveText('0.00 USDT');

  // The treasury's key is the portal's on the embedded chain: the admin moves some to the hot wallet.
  await setHotWalletTarget(page.request, approver, '1000');
  await wallets.goto();
  await expect(wallets.hotWallet).toContainText('Below the low-water mark');
  const hotBefore = await wallets.hotBalance.textContent();
  await wallets.moveFromTreasury('100');
  await expect(admin.getByText('Moved 100.00 USDT from the treasury to the hot wallet.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(wallets.treasuryBalance).toHaveText('150.00 USDT');
  await expect(wallets.hotBalance).not.toHaveText(hotBefore ?? '');
  await expect(wallets.reconciliation).toContainText('Balanced');
  await expect(wallets.unexplained).toHaveText('0.00 USDT');
  expect(await axeSerious(admin)).toEqual([]);
  await adminContext.close();
});

/** The block of the member's (one) deposit, as the admin's deposit list gives it. */
async function depositBlock(request: APIRequestContext, approver: ApproverAdmin, username: string): Promise<string> {
  const res = await request.get(`/api/admin/deposits?member=${username}`, { headers: approver.headers });
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: Array<{ blockNumber: string }> };
  expect(items).toHaveLength(1);
  return items[0]!.blockNumber;
}

async function setHotWalletTarget(request: APIRequestContext, approver: ApproverAdmin, target: string) {
  const res = await request.patch('/api/admin/settings', {
    headers: approver.headers,
    data: { hotWalletTarget: target },
  });
  expect(res.status(), await res.text()).toBe(200);
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { AdminDepositHistoryPage } from './pages/AdminDepositHistoryPage';
import { Bep20WalletsPage } from './pages/Bep20WalletsPage';
import { ConsolidationsPage } from './pages/ConsolidationsPage';
import { DepositPage } from './pages/DepositPage';
import { MemberDepositHistoryPage } from './pages/MemberDepositHistoryPage';
import { WithdrawApprovalPage } from './pages/WithdrawApprovalPage';
import { WithdrawHistoryPage } from './pages/WithdrawHistoryPage';
import { WithdrawPage } from './pages/WithdrawPage';
import { approverAdmin, registerViaApi, signIn, signInApprover, type ApproverAdmin } from './support/api';
import { chainRpc, chainSend } from './support/chain';
import { axeSerious, expectNoSidewaysScroll } from './support/tour';
import { signInWithRecoveryCode, totpCode, twoFactorMember } from './support/two-factor-member';

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
  test.setTimeout(240_000);
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

  // Mining is held while the transfer goes out, so its block stays unfinal long enough to watch; resumed
  // whatever happens, since a chain left held would stall every other test's transfers.
  await chainRpc('evm_setIntervalMining', [0]);
  let sent: Promise<string>;
  try {
    sent = chainSend(address, '250');
    await expect
      .poll(
        async () => {
          await chainRpc('anvil_mine', ['0x1']);
          return Promise.race([
            sent.then(() => true),
            new Promise((resolve) => setTimeout(() => resolve(false), 1_000)),
          ]);
        },
        // A bound on `chain:send`, a process of its own (Node, tsx, viem): it took over 30 s to start and
        // send with both databases' suites on the cores (.ci/run). A block a second meanwhile.
        { timeout: 120_000 },
      )
      .toBe(true);
    expect(await sent).toContain('Sent 250 test USDT');

    // No reload from here on: the page polls. A bound (the watcher's pass, then the page's poll), not a wait.
    await expect(deposit.recentWithStatus('seen')).toBeVisible({ timeout: 60_000 });
    await expect(deposit.recent).toContainText('250.00');
  } finally {
    await chainRpc('evm_setIntervalMining', [1]);
  }
  await expect(deposit.recentWithStatus('credited')).toBeVisible({ timeout: 60_000 });
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
  await expect(allDeposits.rescanProgress).toContainText('1 of 1 block read (100 %). Found 1 · credited 0');
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

/**
 * The whole money loop in a browser, after the test above in this file (one
 * worker: the settings it sets, the chain it reads): a member deposits (sent
 * as `npm run chain:send` does) and sees it credited; the admin
 * consolidates, which fills the hot wallet first (ADR 0034); the member asks
 * to withdraw from the income wallet (funded by an admin's adjustment
 * standing in for a bonus: a deposit buys packages, income is what a member
 * withdraws, PRODUCT.md §2); the admin approves it; the member's /withdraw
 * follows it to "sent" with its transaction, the history says paid, and
 * /bep20-wallets still reconciles with nothing unexplained.
 */
test('the money loop: a deposit credited and consolidated into the hot wallet, a withdrawal approved and paid from it, the wallets reconciled', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const approver = await approverAdmin(request);
  const hold = await settingsOf(request, approver, 'withdrawalAddressHoldHours');
  // The saved address is usable at once; the sweep fills the hot wallet up to its target first.
  await patchSettings(request, approver, { withdrawalAddressHoldHours: '0', hotWalletTarget: '1000' });
  try {
    const member = await twoFactorMember(request, '100', { fullName: 'Lou Loop' });
    // axe-core is injected inline, which the portal's content-security policy refuses otherwise.
    const memberContext = await browser.newContext({ bypassCSP: true });
    const m = await memberContext.newPage();
    await signInWithRecoveryCode(m, member);

    // Money in: test USDT sent to the member's deposit address, credited once final.
    const deposit = new DepositPage(m);
    await deposit.goto();
    await expect(deposit.address).toHaveText(/^\s*0x[0-9a-fA-F]{40}\s*$/);
    const address = await deposit.readAddress();
    expect(await chainSend(address, '300')).toContain('Sent 300 test USDT');
    await expect(deposit.recentWithStatus('credited')).toBeVisible({ timeout: 45_000 });
    await expect(deposit.balance).toHaveText('300.00 USDT');

    // The admin consolidates: the hot wallet, below its target, is filled first.
    const adminContext = await browser.newContext({ bypassCSP: true });
    const admin = await adminContext.newPage();
    await signInApprover(admin, approver);
    const wallets = new Bep20WalletsPage(admin);
    await wallets.goto();
    await expect(wallets.hotBalance).toBeVisible();
    const hotBefore = usdtOf(await wallets.hotBalance.textContent());
    const consolidations = new ConsolidationsPage(admin);
    await consolidations.goto();
    await consolidations.consolidate();
    await expect(admin.getByText(/^Consolidation done: /)).toBeVisible({ timeout: 60_000 });
    await expect(consolidations.rows.first()).toContainText('Sweep300.00 USDT');
    await wallets.goto();
    // At least the member's 300 (a deposit another file made at the same time may be swept with it).
    await expect
      .poll(async () => usdtOf(await wallets.hotBalance.textContent()))
      .toBeGreaterThanOrEqual(hotBefore + 300_00n);
    await expect(wallets.reconciliation).toContainText('Balanced');

    // Money out: the member asks on /withdraw (the fee and what arrives restated), and follows it there.
    const withdraw = new WithdrawPage(m);
    await withdraw.goto();
    await withdraw.amount.fill('100');
    await withdraw.chooseAddress(member.address);
    await withdraw.code.fill(totpCode(member.secret, 30_000));
    await withdraw.reviewButton.click();
    await expect(withdraw.confirmation).toContainText('95.00');
    await withdraw.confirmButton.click();
    await expect(
      m.getByText('Withdrawal of 100.00 USDT requested; 95.00 USDT will arrive once an admin approves it.'),
    ).toBeVisible();
    const progress = m.getByTestId('withdrawals-in-progress');
    await expect(progress).toContainText('100.00 USDT requested');
    await expect(progress).toContainText("waiting for an admin's approval");

    // The admin approves it: the hot wallet covers it, so the toast says it is on its way.
    const approval = new WithdrawApprovalPage(admin);
    await approval.goto();
    const row = approval.table.getByRole('row', { name: new RegExp(member.username) });
    await row.getByRole('checkbox').check();
    await approval.approveSelectedButton(1).click();
    await expect(approval.dialog).toContainText('95.00');
    await approval.approveAndPayButton.click();
    await expect(admin.getByText('1 withdrawal approved: payouts are on their way.')).toBeVisible();

    // Paid: the member's page follows it to "sent" with its transaction (it polls), the history says paid.
    await expect(progress).toContainText(/: sent \(transaction 0x[0-9a-f]{8}…[0-9a-f]{6}\)/, { timeout: 60_000 });
    expect(await axeSerious(m)).toEqual([]);
    await m.setViewportSize({ width: 360, height: 740 });
    await expect(progress).toBeVisible();
    await expectNoSidewaysScroll(m);
    expect(await axeSerious(m)).toEqual([]);
    const history = new WithdrawHistoryPage(m);
    await history.goto();
    const paid = history.table.getByRole('row').nth(1);
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText('95.00');
    await expect(paid).toContainText(/0x[0-9a-f]{8}…[0-9a-f]{6}/);

    // The chain and the ledger agree: nothing unexplained.
    await wallets.goto();
    await expect(wallets.reconciliation).toContainText('Balanced');
    await expect(wallets.unexplained).toHaveText('0.00 USDT');
    expect(await axeSerious(admin)).toEqual([]);
    await memberContext.close();
    await adminContext.close();
  } finally {
    await patchSettings(request, approver, { withdrawalAddressHoldHours: hold });
  }
});

/** A balance as the page shows it (`1,234.50 USDT`), in hundredths (further decimals dropped). */
function usdtOf(text: string | null): bigint {
  const match = /^([\d,]+)\.(\d{2})\d* USDT$/.exec((text ?? '').trim());
  expect(match, `a USDT balance, not ${text}`).not.toBeNull();
  return BigInt(match![1]!.replaceAll(',', '')) * 100n + BigInt(match![2]!);
}

async function settingsOf(request: APIRequestContext, approver: ApproverAdmin, key: string): Promise<string> {
  const res = await request.get('/api/admin/settings', { headers: approver.headers });
  expect(res.status(), await res.text()).toBe(200);
  return String(((await res.json()) as Record<string, unknown>)[key]);
}

async function patchSettings(request: APIRequestContext, approver: ApproverAdmin, data: Record<string, string>) {
  const res = await request.patch('/api/admin/settings', { headers: approver.headers, data });
  expect(res.status(), await res.text()).toBe(200);
}

async function setHotWalletTarget(request: APIRequestContext, approver: ApproverAdmin, target: string) {
  await patchSettings(request, approver, { hotWalletTarget: target });
}

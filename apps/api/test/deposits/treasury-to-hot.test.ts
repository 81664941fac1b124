import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { HotWalletFunding, Reconciliation } from '@portal/contract';
import { ANVIL_DEV_KEY } from '../../src/platform/chain/anvil';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf } from '../harness';
import type { TestChain } from '../platform/chain/chain-helpers';
import { usdt } from '../withdrawals/payout-helpers';
import { setSettings } from '../withdrawals/withdrawal-helpers';
import { memberWithAddress, startDepositPortal, stopDepositPortal, type DepositPortal } from './deposit-helpers';

/**
 * Funding the hot wallet from the treasury and from outside
 * (apps/api/src/deposits: move-from-treasury.ts, book-capital.ts, hot-wallet-funding.ts): where the portal holds the treasury's key an
 * admin moves an amount, recorded before it is sent and exactly once by its
 * key; where the treasury is cold the page gives the EIP-681 link and a
 * transfer the operator signs elsewhere stays reconciled; capital sent from
 * another address is unexplained until an admin books it. Real anvils, one
 * per describe (a portal with TREASURY_KEY, one without).
 */

/** Deposits `amount` for a new member and sweeps it to the treasury (the hot wallet's target is 0 here). */
async function treasuryHolds(setup: DepositPortal, amount: string) {
  const { address } = await memberWithAddress(setup.portal);
  await setup.chain.send(address, amount);
  await setup.chain.mine(3);
  await setup.watcher.tick();
  const res = await setup.portal.app.inject({
    method: 'POST',
    url: '/api/admin/consolidations',
    headers: bearer(setup.admin),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function walletsPage(setup: DepositPortal) {
  const res = await setup.portal.app.inject({
    method: 'GET',
    url: '/api/admin/chain/wallets',
    headers: bearer(setup.admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reconciliation: Reconciliation; hotWalletFunding: HotWalletFunding }>();
}

const hotOf = (chain: TestChain) => privateKeyToAccount(chain.hotKey).address;

/** A USDT transfer signed outside the portal with `key`. */
async function sendFrom(chain: TestChain, key: Hex, to: Address, amount: string) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: { ...foundry, rpcUrls: { default: { http: [chain.rpcUrl] } } },
    transport: http(chain.rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 18)],
  });
  await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

describe('a treasury whose key the portal holds', () => {
  let setup: DepositPortal;
  beforeAll(async () => {
    setup = await startDepositPortal({
      adminTwoFactor: true,
      env: async (chain) => ({ TREASURY_KEY: chain.treasuryKey }),
    });
  });
  afterAll(async () => {
    await stopDepositPortal(setup ?? {});
  });

  const move = (amount: string, key?: string) =>
    setup.portal.app.inject({
      method: 'POST',
      url: '/api/admin/hot-wallet/moves',
      headers: { ...bearer(setup.admin), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount },
    });

  it('moves what the admin asks to the hot wallet, once by its key, recorded before it is sent; the books stay reconciled', async () => {
    const { chain, portal } = setup;
    await treasuryHolds(setup, '100');
    await setSettings(portal.app, setup.admin, { hotWalletTarget: '60' });
    let page = await walletsPage(setup);
    expect(page.hotWalletFunding).toMatchObject({
      balance: '0.00',
      target: '60.00',
      toMove: '60.00',
      treasury: { address: chain.treasury, balance: '100.00', keyHeld: true },
      paymentUri: null,
    });

    const first = await move('60', 'move-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      amount: '60.00',
      fromAddress: chain.treasury.toLowerCase(),
      toAddress: hotOf(chain).toLowerCase(),
      status: 'confirmed',
    });
    const again = await move('60', 'move-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);

    expect(await chain.balanceOf(hotOf(chain))).toBe(usdt('60'));
    expect(await chain.balanceOf(chain.treasury)).toBe(usdt('40'));
    const recorded = await portal.db.query<{ nonce: number; tx_hash: string; status: string }>(
      sql`SELECT nonce, tx_hash, status FROM treasury_moves`,
    );
    expect(recorded.rows).toEqual([{ nonce: 0, tx_hash: first.json().txHash, status: 'confirmed' }]);
    const audit = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'hot_wallet.move_from_treasury'`,
    );
    expect(audit.rows[0]!.n).toBe(1);

    page = await walletsPage(setup);
    expect(page.reconciliation).toMatchObject({ balanced: true, unexplained: '0.00', hotWallet: '60.00' });
    expect(page.hotWalletFunding).toMatchObject({ balance: '60.00', toMove: '0.00' });

    // A second move takes the next nonce.
    const second = await move('5');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ nonce: 1, status: 'confirmed' });
  });

  it('refuses more than the treasury holds, naming what it holds', async () => {
    const res = await move('1000');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'TREASURY_SHORT', field: 'amount' });
    expect(errorOf(res).message).toContain('35.00 USDT');
  });

  it('books capital sent from an outside address, so that the reconciliation explains it', async () => {
    const { chain, portal } = setup;
    const operator = privateKeyToAccount(ANVIL_DEV_KEY).address;
    await chain.send(hotOf(chain), '7.5');
    expect((await walletsPage(setup)).reconciliation).toMatchObject({ balanced: false, unexplained: '7.50' });

    const book = (payload: Record<string, string>) =>
      portal.app.inject({
        method: 'POST',
        url: '/api/admin/hot-wallet/capital',
        headers: { ...bearer(setup.admin), 'idempotency-key': 'capital-1' },
        payload,
      });
    const bad = await book({ amount: '7.5', sender: 'nobody', reason: 'Float for payouts' });
    expect(bad.statusCode).toBe(400);
    const res = await book({ amount: '7.5', sender: operator, reason: 'Float for payouts' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '7.50', sender: operator, reason: 'Float for payouts' });
    expect((await book({ amount: '7.5', sender: operator, reason: 'Float for payouts' })).json().entryId).toBe(
      res.json().entryId,
    );

    const page = await walletsPage(setup);
    expect(page.reconciliation).toMatchObject({ balanced: true, unexplained: '0.00' });
    expect(page.hotWalletFunding.capitalBooked).toBe('7.50');
    const audit = await portal.db.query<{ details: { sender: string; reason: string } }>(
      sql`SELECT details FROM audit_log WHERE action = 'hot_wallet.book_capital'`,
    );
    expect(audit.rows.map((r) => r.details)).toEqual([
      expect.objectContaining({ sender: operator, reason: 'Float for payouts' }),
    ]);
  });
});

describe('a cold treasury (address only)', () => {
  let setup: DepositPortal;
  beforeAll(async () => {
    setup = await startDepositPortal({ adminTwoFactor: true });
  });
  afterAll(async () => {
    await stopDepositPortal(setup ?? {});
  });

  it('gives the EIP-681 link for the amount to move, refuses to sign, and a transfer the operator sends stays reconciled', async () => {
    const { chain, portal } = setup;
    await treasuryHolds(setup, '100');
    await setSettings(portal.app, setup.admin, { hotWalletTarget: '30' });
    const page = await walletsPage(setup);
    expect(page.hotWalletFunding).toMatchObject({
      toMove: '30.00',
      treasury: { keyHeld: false },
      paymentUri: `ethereum:${chain.token}@${chain.chainId}/transfer?address=${hotOf(chain)}&uint256=${usdt('30')}`,
    });

    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/hot-wallet/moves',
      headers: bearer(setup.admin),
      payload: { amount: '30' },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('TREASURY_COLD');

    // The operator's wallet sends it: an internal movement, nothing unexplained.
    await sendFrom(chain, chain.treasuryKey, hotOf(chain), '30');
    const after = await walletsPage(setup);
    expect(after.reconciliation).toMatchObject({ balanced: true, unexplained: '0.00', hotWallet: '30.00' });
    expect(after.hotWalletFunding).toMatchObject({ toMove: '0.00', paymentUri: null });
  });
});

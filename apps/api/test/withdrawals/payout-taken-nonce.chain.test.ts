import { privateKeyToAccount } from 'viem/accounts';
import { createWalletClient, http, parseGwei, parseTransaction, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf } from '../harness';
import { assertBooksConsistent, balances } from '../ledger/ledger-helpers';
import { approve, freshAddress, payAll, pendingWithdrawal, usePayoutChain, usdt, withdrawal } from './payout-helpers';
import { sql } from '../../src/platform/db/sql';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { sendPayoutTransaction } from '../../src/withdrawals/payout/transactions';

/**
 * A payout whose nonce another transaction from the hot wallet took (an
 * operator's own wallet, a second deployment with the same key): it fails
 * once that transaction is final, its reservation on the hot wallet is
 * released, and the withdrawal is refunded or retried exactly once
 * (docs/decisions/0014-withdrawals-and-payouts.md, "A taken nonce").
 */
describe('a payout whose nonce was taken from outside', () => {
  const nonce = useTakenNonce();
  notFinalTests(nonce);
  retryAndSendErrorTests(nonce);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useTakenNonce() {
  const setup = usePayoutChain();

  /** Another transaction from the hot wallet's key at `nonce` (a plain transfer to itself, paying more than any payout). */
  async function takeNonce(nonce: number): Promise<Hex> {
    const wallet = createWalletClient({
      account: privateKeyToAccount(setup.chain.hotKey),
      chain: { ...foundry, rpcUrls: { default: { http: [setup.chain.rpcUrl] } } },
      transport: http(setup.chain.rpcUrl),
    });
    return wallet.sendTransaction({ to: setup.hot, value: 0n, nonce, gas: 21_000n, gasPrice: parseGwei('500') });
  }

  async function payoutsOf(id: number) {
    const { rows } = await setup.portal.db.query<{
      id: number;
      status: string;
      nonce: string;
      error: string | null;
      txs: number;
    }>(
      sql`SELECT p.id, p.status, p.nonce::text, p.error, (SELECT count(*)::int FROM payout_transactions t WHERE t.payout_id = p.id) AS txs
            FROM payouts p WHERE p.withdrawal_id = ${id} ORDER BY p.id`,
    );
    return rows;
  }

  async function hashesOf(payoutId: number): Promise<Hex[]> {
    const { rows } = await setup.portal.db.query<{ tx_hash: Hex }>(
      sql`SELECT tx_hash FROM payout_transactions WHERE payout_id = ${payoutId} ORDER BY id`,
    );
    return rows.map((r) => r.tx_hash);
  }

  async function entriesOf(id: number) {
    const { rows } = await setup.portal.db.query<{ type: string; n: number }>(
      sql`SELECT e.type, count(*)::int AS n FROM journal_entries e WHERE (e.refs->>'withdrawalId')::bigint = ${id} OR e.id = (SELECT entry_id FROM withdrawals WHERE id = ${id})
          GROUP BY e.type ORDER BY e.type`,
    );
    return rows;
  }

  /** What the hot wallet still owes to payouts not yet mined (the reservation the hot-wallet card shows). */
  async function owed(): Promise<string> {
    const res = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/hot-wallet',
      headers: bearer(setup.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().owed as string;
  }

  async function failedOnDashboard(): Promise<{ count: number; amount: string }> {
    const res = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: bearer(setup.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().pending.failedPayouts;
  }

  const refund = (id: number) =>
    setup.portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/refund`,
      headers: bearer(setup.admin),
    });
  const retry = (id: number) =>
    setup.portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/retry`,
      headers: bearer(setup.admin),
    });

  /** A payout broadcast at its nonce and left in the pool (no automining), then another transaction at that nonce mined instead. */
  async function broadcastThenTaken(id: number): Promise<{ payoutId: number; nonce: number; other: Hex }> {
    await approve(setup.portal, setup.admin, [id]);
    await setup.chain.rpc('evm_setAutomine', [false]);
    try {
      await createPayoutRunner(setup.portal.ctx).pass();
      const [payout] = await payoutsOf(id);
      expect(payout).toMatchObject({ status: 'broadcast', txs: 1 });
      const nonce = Number(payout!.nonce);
      const other = await takeNonce(nonce);
      await setup.chain.mine(1);
      return { payoutId: payout!.id, nonce, other };
    } finally {
      await setup.chain.rpc('evm_setAutomine', [true]);
    }
  }
  return {
    setup,
    takeNonce,
    payoutsOf,
    hashesOf,
    entriesOf,
    owed,
    failedOnDashboard,
    refund,
    retry,
    broadcastThenTaken,
  };
}
type TakenNonce = ReturnType<typeof useTakenNonce>;

function notFinalTests({
  setup,
  failedOnDashboard,
  broadcastThenTaken,
  owed,
  hashesOf,
  payoutsOf,
  refund,
  retry,
  entriesOf,
}: TakenNonce) {
  it('waits while the taking block is not final, then fails with the reason, releases the reservation, and refunds exactly once', async () => {
    const to = freshAddress();
    const { member, id } = await pendingWithdrawal(setup.portal, setup.admin, to, '30');
    expect(await failedOnDashboard()).toEqual({ count: 0, amount: '0.00' });
    const { payoutId, nonce, other } = await broadcastThenTaken(id);
    // The broadcast payout's 28.50 is reserved on the hot wallet.
    const owedBefore = await owed();
    expect(usdt(owedBefore)).toBeGreaterThanOrEqual(usdt('28.5'));
    expect((await setup.chain.client.getTransactionReceipt({ hash: other })).status).toBe('success');
    const [ours] = await hashesOf(payoutId);
    await expect(setup.chain.client.getTransactionReceipt({ hash: ours! })).rejects.toThrow();
    expect(await setup.chain.client.getTransactionCount({ address: setup.hot, blockTag: 'latest' })).toBe(nonce + 1);

    // The taking block is the head, not final (anvil's finalized block trails it): the payout waits, and is not re-signed.
    const runner = createPayoutRunner(setup.portal.ctx);
    setup.portal.clock.advance((setup.portal.ctx.config.payoutBumpAfterSeconds + 1) * 1000);
    await runner.pass();
    const finality = await setup.portal.ctx.chain!.finality();
    expect(finality.final).toBeLessThan(await setup.chain.blockNumber());
    expect(await payoutsOf(id)).toEqual([
      expect.objectContaining({
        status: 'broadcast',
        txs: 1,
        error: expect.stringMatching(
          `Nonce ${nonce} was used by another transaction from the hot wallet in a block not final yet`,
        ),
      }),
    ]);
    expect((await withdrawal(setup.portal, setup.admin, id)).status).toBe('approved');
    expect(errorOf(await refund(id))).toMatchObject({ code: 'WITHDRAWAL_NOT_FAILED' });
    const card = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/hot-wallet',
      headers: bearer(setup.admin),
    });
    expect(card.json().warning).toContain(`A payout is held up: Nonce ${nonce} was used by another transaction`);

    // Final: the payout fails with the reason in words; nothing left the hot wallet for it; its 28.50 is no longer owed.
    await setup.chain.mine(3);
    await runner.pass();
    const reason = `Nonce ${nonce} was used by another transaction from the hot wallet`;
    expect(await payoutsOf(id)).toEqual([
      expect.objectContaining({ status: 'failed', txs: 1, error: expect.stringContaining(reason) }),
    ]);
    const failed = await withdrawal(setup.portal, setup.admin, id);
    expect(failed).toMatchObject({ status: 'failed', txHash: null });
    expect(failed.reason).toContain(reason);
    expect(await setup.chain.balanceOf(to)).toBe(0n);
    expect(usdt(await owed())).toBe(usdt(owedBefore) - usdt('28.5'));
    expect(await failedOnDashboard()).toEqual({ count: 1, amount: '30.00' });
    const after = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/hot-wallet',
      headers: bearer(setup.admin),
    });
    expect(after.json().warning ?? '').not.toContain('held up');

    // Refund once: the member's 30 back through the ledger; a second refund, or a retry after it, moves nothing.
    const first = await refund(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('refunded');
    expect((await balances(setup.portal.app, member)).income).toBe('30.00');
    expect(errorOf(await refund(id))).toMatchObject({ code: 'WITHDRAWAL_NOT_FAILED' });
    expect(errorOf(await retry(id))).toMatchObject({ code: 'WITHDRAWAL_NOT_FAILED' });
    expect((await balances(setup.portal.app, member)).income).toBe('30.00');
    expect(await entriesOf(id)).toEqual([
      { type: 'withdrawal', n: 1 },
      { type: 'withdrawal_refund', n: 1 },
    ]);
    expect(await failedOnDashboard()).toEqual({ count: 0, amount: '0.00' });
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe(0n);
    expect(await payoutsOf(id)).toHaveLength(1);
    await assertBooksConsistent(setup.portal.db);
  });
}

function retryAndSendErrorTests({
  setup,
  broadcastThenTaken,
  retry,
  payoutsOf,
  refund,
  entriesOf,
  takeNonce,
}: TakenNonce) {
  it('a retry pays exactly once, at a new nonce', async () => {
    const to = freshAddress();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '40');
    const { nonce } = await broadcastThenTaken(id);
    await setup.chain.mine(3);
    await createPayoutRunner(setup.portal.ctx).pass();
    expect((await withdrawal(setup.portal, setup.admin, id)).status).toBe('failed');

    const again = await retry(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(errorOf(await retry(id))).toMatchObject({ code: 'WITHDRAWAL_NOT_FAILED' });
    await payAll(setup.portal, setup.chain);
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe(usdt('38'));
    const paid = await withdrawal(setup.portal, setup.admin, id);
    expect(paid.status).toBe('paid');
    const payouts = await payoutsOf(id);
    expect(payouts.map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(Number(payouts[1]!.nonce)).toBeGreaterThan(nonce);
    const mined = await setup.chain.client.getTransaction({ hash: paid.txHash as Hex });
    expect(mined.nonce).toBe(Number(payouts[1]!.nonce));
    expect(errorOf(await refund(id))).toMatchObject({ code: 'WITHDRAWAL_NOT_FAILED' });
    expect(await entriesOf(id)).toEqual([
      { type: 'withdrawal', n: 1 },
      { type: 'withdrawal_payout', n: 1 },
    ]);
    await assertBooksConsistent(setup.portal.db);
  });

  it('a signed payout whose broadcast meets "nonce too low" is followed, then failed when none of its own was mined', async () => {
    const to = freshAddress();
    const { member, id } = await pendingWithdrawal(setup.portal, setup.admin, to, '20');
    await approve(setup.portal, setup.admin, [id]);
    await expect(
      payAll(setup.portal, setup.chain, {
        after(step) {
          if (step === 'signed') throw new Error('process killed after signing');
        },
      }),
    ).rejects.toThrow('process killed after signing');
    const [signed] = await payoutsOf(id);
    expect(signed).toMatchObject({ status: 'signed', txs: 1 });
    await takeNonce(Number(signed!.nonce));
    const runner = createPayoutRunner(setup.portal.ctx);
    await runner.pass();
    expect(await payoutsOf(id)).toEqual([
      expect.objectContaining({ status: 'broadcast', error: expect.stringContaining('nonce too low') }),
    ]);
    await setup.chain.mine(3);
    await runner.pass();
    expect((await withdrawal(setup.portal, setup.admin, id)).status).toBe('failed');
    expect((await refund(id)).statusCode).toBe(200);
    expect((await balances(setup.portal.app, member)).income).toBe('20.00');
    expect(await setup.chain.balanceOf(to)).toBe(0n);
    await assertBooksConsistent(setup.portal.db);
  });

  it('tells "already known" (ours in the pool) from "nonce too low" (the nonce used) when sending again', async () => {
    const to = freshAddress();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '10');
    await approve(setup.portal, setup.admin, [id]);
    await setup.chain.rpc('evm_setAutomine', [false]);
    let raw: Hex;
    try {
      await createPayoutRunner(setup.portal.ctx).pass();
      const [payout] = await payoutsOf(id);
      ({ raw } = (
        await setup.portal.db.query<{ raw: Hex }>(
          sql`SELECT raw FROM payout_transactions WHERE payout_id = ${payout!.id}`,
        )
      ).rows[0]!);
      expect(parseTransaction(raw).nonce).toBe(Number(payout!.nonce));
      expect(await sendPayoutTransaction(setup.portal.ctx.chain!, raw)).toEqual({ outcome: 'known' });
      await setup.chain.mine(1);
    } finally {
      await setup.chain.rpc('evm_setAutomine', [true]);
    }
    expect(await sendPayoutTransaction(setup.portal.ctx.chain!, raw)).toEqual({ outcome: 'nonce-used' });
    // Its own transaction was mined: the used nonce is ours, and the payout is paid, once.
    await payAll(setup.portal, setup.chain);
    expect(await withdrawal(setup.portal, setup.admin, id)).toMatchObject({ status: 'paid' });
    expect(await setup.chain.balanceOf(to)).toBe(usdt('9'));
  });
}

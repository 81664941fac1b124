import { parseTransaction, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { assertBooksConsistent } from '../ledger/ledger-helpers';
import {
  approve,
  freshAddress,
  retryPayout,
  payAll,
  pendingWithdrawal,
  usePayoutChain,
  usdt,
  withdrawal,
} from './payout-helpers';
import { sql } from '../../src/platform/db/sql';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';

/**
 * A node that refuses a payout, or goes away in the middle of sending one:
 * the payouts after it go on, and every approved withdrawal is paid exactly
 * once, in the amount approved (docs/decisions/0037-payouts-that-never-block.md).
 * A process killed between signing and sending is multiprocess.test.ts's
 * "a process killed in the middle of a payout" (kill -9, PostgreSQL).
 */
describe('payouts against a node that refuses or goes away', () => {
  const faults = useFaults();
  refusedPayoutTests(faults);
  nodeGoneTests(faults);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useFaults() {
  const setup = usePayoutChain({ viaProxy: true });

  /** Refuses the token transfers to `to` (their calldata names it), `times` times (Infinity: until cleared). */
  function refuseTransfersTo(to: Address, times = Infinity): void {
    let left = times;
    setup.proxy.refuseTransactions((raw: Hex) => {
      const data = parseTransaction(raw).data ?? '0x';
      if (left <= 0 || !data.toLowerCase().includes(to.slice(2).toLowerCase())) return null;
      left -= 1;
      return `transaction refused by policy: recipient ${to}`;
    });
  }

  async function payoutsOf(id: number) {
    const { rows } = await setup.portal.db.query<{
      id: number;
      status: string;
      nonce: string | null;
      refused_nonce: string | null;
      attempt: number;
      error: string | null;
      kinds: string[];
    }>(
      sql`SELECT p.id, p.status, p.nonce::text, p.refused_nonce::text, p.attempt, p.error,
                 ARRAY(SELECT t.kind FROM payout_transactions t WHERE t.payout_id = p.id ORDER BY t.id) AS kinds
            FROM payouts p WHERE p.withdrawal_id = ${id} ORDER BY p.id`,
    );
    return rows;
  }

  async function withdrawalTxOfPayout(payoutId: number): Promise<string> {
    const { rows } = await setup.portal.db.query<{ tx_hash: string }>(
      sql`SELECT tx_hash FROM payouts WHERE id = ${payoutId}`,
    );
    return rows[0]!.tx_hash;
  }
  return { setup, refuseTransfersTo, payoutsOf, withdrawalTxOfPayout };
}
type Faults = ReturnType<typeof useFaults>;

function refusedPayoutTests({ setup, refuseTransfersTo, payoutsOf, withdrawalTxOfPayout }: Faults) {
  it('a payout the node refuses gives its nonce back, the next payout takes it, and it is paid once by its next attempt', async () => {
    const [a, b] = [freshAddress(), freshAddress()];
    const first = await pendingWithdrawal(setup.portal, setup.admin, a, '40');
    const second = await pendingWithdrawal(setup.portal, setup.admin, b, '20');
    await approve(setup.portal, setup.admin, [first.id, second.id]);
    refuseTransfersTo(a, 1);
    const runner = createPayoutRunner(setup.portal.ctx);
    await runner.pass();

    const [refused, again] = await payoutsOf(first.id);
    expect(refused).toMatchObject({ status: 'refused', nonce: null, attempt: 1 });
    expect(refused!.error).toMatch(/^The node refused the payout transaction: transaction refused by policy/);
    expect(again).toMatchObject({ status: 'queued', nonce: null, attempt: 2 });
    // The payout after it went on, at the nonce given back.
    const [next] = await payoutsOf(second.id);
    expect(next!.nonce).toBe(refused!.refused_nonce);
    expect((await withdrawal(setup.portal, setup.admin, first.id)).status).toBe('approved');

    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(a)).toBe(usdt('38'));
    expect(await setup.chain.balanceOf(b)).toBe(usdt('19'));
    expect((await withdrawal(setup.portal, setup.admin, first.id)).status).toBe('paid');
    expect((await withdrawal(setup.portal, setup.admin, second.id)).status).toBe('paid');
    expect((await payoutsOf(first.id)).map((p) => p.status)).toEqual(['refused', 'paid']);
    await assertBooksConsistent(setup.portal.db);
  });

  it('refused at every attempt: the withdrawal fails with the node’s words, nothing left the hot wallet, and a retry pays once', async () => {
    const to = freshAddress();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '30');
    await approve(setup.portal, setup.admin, [id]);
    refuseTransfersTo(to);
    await payAll(setup.portal, setup.chain);
    const failed = await withdrawal(setup.portal, setup.admin, id);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/refused by policy.*After 3 attempts nothing has left the hot wallet/);
    expect((await payoutsOf(id)).map((p) => [p.status, p.attempt])).toEqual([
      ['refused', 1],
      ['refused', 2],
      ['refused', 3],
    ]);
    expect(await setup.chain.balanceOf(to)).toBe(0n);

    setup.proxy.refuseTransactions(null);
    await retryPayout(setup.portal, setup.admin, id);
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe(usdt('28.5'));
    expect((await payoutsOf(id)).at(-1)).toMatchObject({ status: 'paid', attempt: 1 });
    await assertBooksConsistent(setup.portal.db);
  });

  it('once the node took it, a refused payout is cancelled by a zero-value self-transfer at its nonce, then paid once by a new payout', async () => {
    const [a, b] = [freshAddress(), freshAddress()];
    const first = await pendingWithdrawal(setup.portal, setup.admin, a, '50');
    const second = await pendingWithdrawal(setup.portal, setup.admin, b, '10');
    await approve(setup.portal, setup.admin, [first.id, second.id]);
    await setup.chain.rpc('evm_setAutomine', [false]);
    try {
      const runner = createPayoutRunner(setup.portal.ctx);
      await runner.pass();
      // Both in the pool; the first is not mined in time, and the node refuses its fee-bumped replacement.
      refuseTransfersTo(a);
      setup.portal.clock.advance((setup.portal.ctx.config.payoutBumpAfterSeconds + 1) * 1000);
      await runner.pass();
      const [cancelling] = await payoutsOf(first.id);
      expect(cancelling).toMatchObject({ status: 'broadcast', kinds: ['transfer', 'transfer', 'cancel'] });
      expect(cancelling!.error).toMatch(/zero-value transfer from the hot wallet to itself at nonce \d+ cancels it/);
      await setup.chain.mine(1);
    } finally {
      await setup.chain.rpc('evm_setAutomine', [true]);
    }
    setup.proxy.refuseTransactions(null);
    await payAll(setup.portal, setup.chain);

    const [cancelled, paid] = await payoutsOf(first.id);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    const receipt = await setup.chain.client.getTransactionReceipt({
      hash: (await withdrawalTxOfPayout(cancelled!.id)) as Hex,
    });
    expect(receipt.to?.toLowerCase()).toBe(setup.hot.toLowerCase());
    expect(receipt.logs).toHaveLength(0);
    expect(paid).toMatchObject({ status: 'paid', attempt: 2 });
    expect(await setup.chain.balanceOf(a)).toBe(usdt('47.5'));
    expect(await setup.chain.balanceOf(b)).toBe(usdt('9'));
    expect((await withdrawal(setup.portal, setup.admin, first.id)).status).toBe('paid');
    expect((await withdrawal(setup.portal, setup.admin, second.id)).status).toBe('paid');
    await assertBooksConsistent(setup.portal.db);
  });
}

function nodeGoneTests({ setup, payoutsOf }: Faults) {
  it('a node that goes away mid-send, or before it: the same transaction is sent again and paid once', async () => {
    const [a, b] = [freshAddress(), freshAddress()];
    const first = await pendingWithdrawal(setup.portal, setup.admin, a, '12');
    await approve(setup.portal, setup.admin, [first.id]);
    // The node takes the transaction, but the answer never comes back.
    setup.proxy.hangUpAfter('eth_sendRawTransaction');
    await expect(createPayoutRunner(setup.portal.ctx).pass()).rejects.toThrow();
    setup.proxy.hangUpAfter(null);
    expect((await payoutsOf(first.id))[0]).toMatchObject({ status: 'signed' });
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(a)).toBe(usdt('11'));
    expect((await payoutsOf(first.id)).map((p) => [p.status, p.kinds.length])).toEqual([['paid', 1]]);

    // The node is gone before the send: nothing reached it; the stored transaction is sent when it is back.
    const second = await pendingWithdrawal(setup.portal, setup.admin, b, '18');
    await approve(setup.portal, setup.admin, [second.id]);
    const runner = createPayoutRunner(setup.portal.ctx, {
      after: (step) => {
        if (step === 'signed') setup.proxy.down();
      },
    });
    await expect(runner.pass()).rejects.toThrow();
    setup.proxy.up();
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(b)).toBe(usdt('17'));
    expect((await payoutsOf(second.id)).map((p) => [p.status, p.kinds.length])).toEqual([['paid', 1]]);
    await assertBooksConsistent(setup.portal.db);
  });
}

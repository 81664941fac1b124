import { privateKeyToAccount } from 'viem/accounts';
import { keccak256, parseTransaction, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { adminCode, bearer, errorOf } from '../harness';
import { assertBooksConsistent, balances } from '../ledger/ledger-helpers';
import {
  approve,
  freshAddress,
  payAll,
  retryPayout,
  pendingWithdrawal,
  usePayoutChain,
  transferOf,
  usdt,
  withdrawal,
} from './payout-helpers';
import { OUTSIDE, requestWithdrawal, saveAddress, setSettings } from './withdrawal-helpers';
import { sql } from '../../src/platform/db/sql';

describe('withdrawal payouts on a local chain', () => {
  const payouts = usePayouts();
  approvalAndRejectionTests(payouts);
  crashAndReplacementTests(payouts);
  hotWalletAndBooksTests(payouts);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function usePayouts() {
  const setup = usePayoutChain();

  async function entriesOf(id: number) {
    const { rows } = await setup.portal.db.query<{ type: string; n: number }>(
      sql`SELECT e.type, count(*)::int AS n FROM journal_entries e
        WHERE e.id IN (SELECT entry_id FROM withdrawals WHERE id = ${id} UNION SELECT settle_entry_id FROM withdrawals WHERE id = ${id})
        GROUP BY e.type ORDER BY e.type`,
    );
    return rows;
  }
  return { setup, entriesOf };
}
type Payouts = ReturnType<typeof usePayouts>;

function approvalAndRejectionTests({ setup, entriesOf }: Payouts) {
  it('refuses the platform’s own addresses and the token contract', async () => {
    const { member } = await pendingWithdrawal(setup.portal, setup.admin, freshAddress(), '10', '50');
    const own: Array<[string, string]> = [
      [setup.chain.token, 'ADDRESS_IS_TOKEN'],
      [setup.chain.treasury, 'ADDRESS_IS_PLATFORM'],
      [setup.hot, 'ADDRESS_IS_PLATFORM'],
      [privateKeyToAccount(setup.chain.gasKey).address, 'ADDRESS_IS_PLATFORM'],
    ];
    for (const [address, code] of own) {
      const res = await requestWithdrawal(setup.portal.app, member, { amount: '10', address });
      expect(errorOf(res), address).toMatchObject({ code, field: 'address' });
      expect(errorOf(await saveAddress(setup.portal.app, member, address))).toMatchObject({ code, field: 'address' });
    }
  });

  it('approves three at once: exactly amount minus fee arrives at each address, the hash and block match the chain', async () => {
    const to = [freshAddress(), freshAddress(), freshAddress()];
    const made = await Promise.all([
      pendingWithdrawal(setup.portal, setup.admin, to[0]!, '100'),
      pendingWithdrawal(setup.portal, setup.admin, to[1]!, '20'),
      pendingWithdrawal(setup.portal, setup.admin, to[2]!, '10.5'),
    ]);
    const hotBefore = await setup.chain.balanceOf(setup.hot);
    const wallet = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/hot-wallet',
      headers: bearer(setup.admin),
    });
    expect(wallet.json()).toMatchObject({ configured: true, address: setup.hot, token: '1000.00', warning: null });
    const result = await approve(
      setup.portal,
      setup.admin,
      made.map((m) => m.id),
    );
    expect(result.done).toHaveLength(3);
    await payAll(setup.portal, setup.chain);
    const expected = ['95', '19', '9.5'];
    for (const [i, m] of made.entries()) {
      expect(await setup.chain.balanceOf(to[i]!)).toBe(usdt(expected[i]!));
      const w = await withdrawal(setup.portal, setup.admin, m.id);
      expect(w).toMatchObject({
        status: 'paid',
        net: `${expected[i]}${expected[i]!.includes('.') ? '0' : '.00'}`,
        explorerUrl: `https://explorer.test/tx/${w.txHash}`,
      });
      const transfer = await transferOf(setup.chain, w.txHash as Hex);
      expect(transfer).toEqual({ to: to[i], value: usdt(expected[i]!), blockNumber: BigInt(w.blockNumber as string) });
      expect(await entriesOf(m.id)).toEqual([
        { type: 'withdrawal', n: 1 },
        { type: 'withdrawal_payout', n: 1 },
      ]);
      const mine = await setup.portal.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(m.member) });
      expect(mine.json().items[0]).toMatchObject({ status: 'paid', txHash: w.txHash });
    }
    expect(hotBefore - (await setup.chain.balanceOf(setup.hot))).toBe(usdt('123.5'));
    // The fees (5 + 1 + 1) went to the company when paid.
    const fees = await setup.portal.db.query<{ total: string }>(
      sql`SELECT sum(p.amount)::text AS total FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
        WHERE a.code = 'fees' AND e.type = 'withdrawal_payout'`,
    );
    expect(fees.rows[0]!.total).toBe(usdt('7').toString());
    const nonces = await setup.portal.db.query<{ nonce: string }>(sql`SELECT nonce::text FROM payouts ORDER BY nonce`);
    expect(new Set(nonces.rows.map((r) => r.nonce)).size).toBe(nonces.rows.length);
    await assertBooksConsistent(setup.portal.db);
  });

  it('rejects with a full refund', async () => {
    const { member, id } = await pendingWithdrawal(setup.portal, setup.admin, freshAddress(), '25');
    expect((await balances(setup.portal.app, member)).income).toBe('0.00');
    const res = await setup.portal.app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/reject',
      headers: bearer(setup.admin),
      payload: { ids: [id], reason: 'Not today' },
    });
    expect(res.json()).toMatchObject({ done: [id], skipped: [] });
    expect((await balances(setup.portal.app, member)).income).toBe('25.00');
    expect(await withdrawal(setup.portal, setup.admin, id)).toMatchObject({ status: 'rejected', reason: 'Not today' });
  });
}

function crashAndReplacementTests({ setup }: Payouts) {
  it('a crash after signing and before broadcasting pays exactly once', async () => {
    const to = freshAddress();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '40');
    await approve(setup.portal, setup.admin, [id]);
    let crashed = false;
    await expect(
      payAll(setup.portal, setup.chain, {
        after(step) {
          if (step === 'signed' && !crashed) {
            crashed = true;
            throw new Error('process killed after signing');
          }
        },
      }),
    ).rejects.toThrow('process killed after signing');
    const stored = await setup.portal.db.query<{ status: string; n: number }>(
      sql`SELECT p.status, (SELECT count(*)::int FROM payout_transactions t WHERE t.payout_id = p.id) AS n FROM payouts p WHERE p.withdrawal_id = ${id}`,
    );
    expect(stored.rows).toEqual([{ status: 'signed', n: 1 }]);
    expect(await setup.chain.balanceOf(to)).toBe(0n);
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe(usdt('38'));
    expect(await withdrawal(setup.portal, setup.admin, id)).toMatchObject({ status: 'paid' });
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe(usdt('38'));
  });

  it('a crash after broadcasting and before the receipt pays exactly once', async () => {
    const to = freshAddress();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '30');
    await approve(setup.portal, setup.admin, [id]);
    await expect(
      payAll(setup.portal, setup.chain, {
        after(step) {
          if (step === 'broadcast') throw new Error('process killed after broadcasting');
        },
      }),
    ).rejects.toThrow('process killed after broadcasting');
    // The node took the transfer before the crash; anvil mines it just after answering, so wait for its receipt.
    const sent = await setup.portal.db.query<{ tx_hash: Hex }>(
      sql`SELECT t.tx_hash FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${id}`,
    );
    await setup.chain.client.waitForTransactionReceipt({ hash: sent.rows[0]!.tx_hash, pollingInterval: 50 });
    expect(await setup.chain.balanceOf(to)).toBe(usdt('28.5'));
    expect((await withdrawal(setup.portal, setup.admin, id)).status).toBe('approved');
    await payAll(setup.portal, setup.chain);
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe(usdt('28.5'));
    expect(await withdrawal(setup.portal, setup.admin, id)).toMatchObject({ status: 'paid' });
    const txs = await setup.portal.db.query(
      sql`SELECT 1 FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${id}`,
    );
    expect(txs.rows).toHaveLength(1);
  });

  it('replaces a stuck transaction with a higher fee at the same nonce and records the one mined', async () => {
    const to = freshAddress();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '60');
    await approve(setup.portal, setup.admin, [id]);
    await setup.chain.rpc('evm_setAutomine', [false]);
    try {
      const runner = (await import('../../src/withdrawals/payout/job')).createPayoutRunner(setup.portal.ctx);
      await runner.pass();
      await runner.pass();
      let txs = await setup.portal.db.query<{ tx_hash: Hex; max_fee_per_gas: string; raw: Hex }>(
        sql`SELECT t.tx_hash, t.max_fee_per_gas::text, t.raw FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${id} ORDER BY t.id`,
      );
      expect(txs.rows).toHaveLength(1);
      // Not mined within the wait: replaced.
      setup.portal.clock.advance((setup.portal.ctx.config.payoutBumpAfterSeconds + 1) * 1000);
      await runner.pass();
      txs = await setup.portal.db.query(
        sql`SELECT t.tx_hash, t.max_fee_per_gas::text, t.raw FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id WHERE p.withdrawal_id = ${id} ORDER BY t.id`,
      );
      expect(txs.rows).toHaveLength(2);
      expect(BigInt(txs.rows[1]!.max_fee_per_gas)).toBeGreaterThan(BigInt(txs.rows[0]!.max_fee_per_gas));
      const [first, second] = txs.rows.map((t) => parseTransaction(t.raw));
      expect(second!.nonce).toBe(first!.nonce);
      expect(keccak256(txs.rows[1]!.raw)).toBe(txs.rows[1]!.tx_hash);
      await setup.chain.mine(1);
      await setup.chain.rpc('evm_setAutomine', [true]);
      await payAll(setup.portal, setup.chain);
      const w = await withdrawal(setup.portal, setup.admin, id);
      expect(w.status).toBe('paid');
      expect(w.txHash).toBe(txs.rows[1]!.tx_hash);
      await expect(setup.chain.client.getTransactionReceipt({ hash: txs.rows[0]!.tx_hash })).rejects.toThrow();
      expect(await setup.chain.balanceOf(to)).toBe(usdt('57'));
    } finally {
      await setup.chain.rpc('evm_setAutomine', [true]);
    }
  });
}

function hotWalletAndBooksTests({ setup }: Payouts) {
  it('an empty hot wallet fails clearly, warns the admin, and the payout can be retried after funding (or refunded)', async () => {
    const left = await setup.chain.balanceOf(setup.hot);
    const to = freshAddress();
    const big = (left / 10n ** 18n + 100n).toString();
    const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, big);
    const wallet = await setup.portal.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/hot-wallet',
      headers: bearer(setup.admin),
    });
    expect(wallet.json().warning).toMatch(/hot wallet holds/);
    await approve(setup.portal, setup.admin, [id]);
    await payAll(setup.portal, setup.chain);
    const failed = await withdrawal(setup.portal, setup.admin, id);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/hot wallet does not hold enough/);
    expect(await setup.chain.balanceOf(to)).toBe(0n);

    const second = await pendingWithdrawal(setup.portal, setup.admin, freshAddress(), big);
    await approve(setup.portal, setup.admin, [second.id]);
    await payAll(setup.portal, setup.chain);
    expect((await withdrawal(setup.portal, setup.admin, second.id)).status).toBe('failed');
    const refund = await setup.portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${second.id}/refund`,
      headers: bearer(setup.admin),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().status).toBe('refunded');
    expect((await balances(setup.portal.app, second.member)).income).toBe(`${big}.00`);

    await setup.chain.send(setup.hot, big);
    await retryPayout(setup.portal, setup.admin, id);
    await payAll(setup.portal, setup.chain);
    expect(await setup.chain.balanceOf(to)).toBe((usdt(big) * 95n) / 100n);
    expect((await withdrawal(setup.portal, setup.admin, id)).status).toBe('paid');
    await assertBooksConsistent(setup.portal.db);
  });

  it('keeps the books in step: withdrawals in flight hold exactly what is not settled', async () => {
    const { rows } = await setup.portal.db.query<{ held: string; open: string }>(
      sql`SELECT (SELECT COALESCE(sum(p.amount), 0) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = 'withdrawals_in_flight')::text AS held,
              (SELECT COALESCE(sum(amount), 0) FROM withdrawals WHERE status IN ('pending', 'approved', 'failed'))::text AS open`,
    );
    expect(rows[0]!.held).toBe(rows[0]!.open);
    expect(OUTSIDE).toHaveLength(4);
  });

  it('an approval above the large-approval threshold is paid only with a fresh two-factor code (docs/decisions/0027)', async () => {
    await setSettings(setup.portal.app, setup.admin, { largeApprovalThreshold: '50' });
    try {
      const to = freshAddress();
      const { id } = await pendingWithdrawal(setup.portal, setup.admin, to, '60');
      const send = (payload: Record<string, unknown>) =>
        setup.portal.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${id}/approve`,
          headers: bearer(setup.admin),
          payload,
        });
      const without = await send({});
      expect(without.statusCode).toBe(422);
      expect(errorOf(without).code).toBe('TOTP_REQUIRED');
      expect((await withdrawal(setup.portal, setup.admin, id)).status).toBe('pending');
      const approved = await send({ totpCode: adminCode(setup.portal) });
      expect(approved.statusCode, approved.body).toBe(200);
      await payAll(setup.portal, setup.chain);
      expect(await setup.chain.balanceOf(to)).toBe(usdt('57'));
    } finally {
      await setSettings(setup.portal.app, setup.admin, { largeApprovalThreshold: '1000' });
    }
  });
}

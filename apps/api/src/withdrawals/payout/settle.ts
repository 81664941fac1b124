import type { Hex } from 'viem';
import { fromBaseUnits } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { postEntry } from '../../ledger/post';
import { withdrawalLifecycle } from '../lifecycle';
import { payoutLifecycle, queueAgainOrFail } from './lifecycle';
import type { PayoutRow } from './transactions';
import { mustHaveMoved } from '../../shared/lifecycle';

/**
 * How a payout ends: paid once its block is final (one journal entry);
 * failed with a plain reason (the withdrawal `failed`, to be retried or
 * refunded by an admin); or cancelled, its nonce used by a zero-value
 * self-transfer (refused.ts), the withdrawal queued again.
 */

/** The journal entry of a paid withdrawal: in flight out; what arrived to the treasury's side, the fee to the company. */
export async function settlePayout(
  ctx: AppContext,
  tx: Sql,
  payout: PayoutRow,
  hash: Hex,
  block: bigint,
): Promise<void> {
  const { rows } = await tx.query<{ user_id: number; amount: string; fee: string; status: string }>(
    sql`SELECT user_id, amount, fee, status FROM withdrawals WHERE id = ${payout.withdrawal_id} FOR UPDATE`,
  );
  const w = rows[0]!;
  if (w.status !== 'approved') return;
  const amount = BigInt(w.amount);
  const fee = BigInt(w.fee);
  const entry = await postEntry(tx, {
    type: 'withdrawal_payout',
    memo: `Withdrawal #${payout.withdrawal_id} paid: ${fromBaseUnits(amount - fee)} USDT to ${payout.to_address} (fee ${fromBaseUnits(fee)} USDT), tx ${hash}`,
    actorId: null,
    refs: { withdrawalId: payout.withdrawal_id, txHash: hash, block: block.toString() },
    lines: [
      { account: { system: 'withdrawals_in_flight' }, amount: -amount },
      { account: { system: 'treasury' }, amount: amount - fee },
      { account: { system: 'fees' }, amount: fee },
    ],
  });
  mustHaveMoved(await payoutLifecycle.pay(tx, payout.id), 1, `payout #${payout.id} paid`);
  const paid = await withdrawalLifecycle.pay(tx, payout.withdrawal_id, {
    txHash: hash,
    block,
    paidAt: ctx.now(),
    settleEntryId: entry.id,
  });
  mustHaveMoved(paid, 1, `withdrawal #${payout.withdrawal_id} paid`);
}

export async function failPayout(
  ctx: AppContext,
  payout: PayoutRow,
  reason: string,
  txHash: string | null = null,
  block: bigint | null = null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await payoutLifecycle.fail(tx, payout.id, { error: reason, txHash, block });
    await withdrawalLifecycle.fail(tx, payout.withdrawal_id, reason);
  });
}

/** The zero-value self-transfer at the payout's nonce is final: nothing of the payout can be mined; its withdrawal goes again. */
export async function cancelledPayout(
  ctx: AppContext,
  tx: Sql,
  payout: PayoutRow,
  hash: Hex,
  block: bigint,
): Promise<void> {
  if ((await payoutLifecycle.cancel(tx, payout.id, { txHash: hash, block })) === 0) return;
  await queueAgainOrFail(
    tx,
    payout.id,
    `Payout ${payout.id} was cancelled at nonce ${payout.nonce} (tx ${hash}, block ${block}) after the node refused it.`,
  );
}

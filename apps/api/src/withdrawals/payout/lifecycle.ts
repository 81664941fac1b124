import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { fromStatus, toStatus, type TransitionTable } from '../../shared/lifecycle';
import { withdrawalLifecycle } from '../lifecycle';

/**
 * Every status a payout takes, and the only code that writes one
 * (docs/decisions/0058-money-lifecycles.md; the job's steps in job.ts). A
 * payout is queued by an approval or a retry, signed at its one nonce,
 * broadcast, mined, and paid once its block is final:
 *
 *   queued ─sign─ signed ─broadcast─ broadcast ─mine─ mined ─pay─ paid
 *                                        └────reorg────┘
 *
 * It ends unpaid (UNPAID_ENDS) when it fails (before its nonce, reverted, or
 * its nonce taken: follow-in-flight.ts), when the node refused it before
 * taking any of it (refused), or when a zero-value self-transfer used its
 * nonce (cancelled); after the last two the withdrawal is queued again
 * (`queueAgainOrFail`). A restore check that finds its transfer on chain
 * pays it from any live status (after-restore.ts).
 *
 * The database refuses any other change of status (migration
 * 0047_money_lifecycles.sql, the table `money_transitions()` that a test holds
 * equal to this one). Each function moves only rows in a status its
 * transition starts from, and answers how many it moved.
 */
export const PAYOUT_STATUSES = [
  'queued',
  'signed',
  'broadcast',
  'mined',
  'paid',
  'failed',
  'refused',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_TRANSITIONS = {
  sign: { from: ['queued'], to: 'signed' },
  broadcast: { from: ['signed'], to: 'broadcast' },
  mine: { from: ['broadcast'], to: 'mined' },
  reorg: { from: ['mined'], to: 'broadcast' },
  pay: { from: ['queued', 'signed', 'broadcast', 'mined'], to: 'paid' },
  fail: { from: ['queued', 'broadcast', 'mined'], to: 'failed' },
  refuse: { from: ['signed'], to: 'refused' },
  cancel: { from: ['broadcast', 'mined'], to: 'cancelled' },
} as const satisfies TransitionTable<PayoutStatus>;

/** The payout states after which nothing of it can still be mined and it paid nothing (migration 0032). */
export const UNPAID_ENDS = ['failed', 'refused', 'cancelled'] as const satisfies readonly PayoutStatus[];

/** Attempts of one withdrawal's payout, refused or cancelled in a row, before the withdrawal fails (refused.ts). */
export const MAX_ATTEMPTS = 3;

const T = PAYOUT_TRANSITIONS;

/**
 * One queued payout per withdrawal of `withdrawalIds`, from `wallet`, in one
 * statement; `queuedBy` is the admin who approved or retried it (null: the
 * portal itself), never the withdrawal's owner (the `payouts_not_own`
 * trigger, migration 0041_own_money.sql).
 */
async function queue(
  tx: Sql,
  withdrawalIds: number[],
  set: { chainId: number; wallet: string; queuedBy: number | null; attempt?: number },
): Promise<void> {
  await tx.query(
    sql`INSERT INTO payouts (withdrawal_id, status, chain_id, wallet, to_address, amount, queued_by, attempt)
        SELECT id, 'queued', ${set.chainId}, ${set.wallet}, address, amount - fee, ${set.queuedBy}::bigint, ${set.attempt ?? 1}
          FROM withdrawals WHERE id = ANY(${withdrawalIds}::bigint[]) ORDER BY id`,
  );
}

/**
 * A transaction of the payout stored (payout/transactions.ts): a queued
 * payout is now signed; one already past it (a fee bump, a cancel) keeps its
 * status and is only touched.
 */
async function sign(tx: Sql, id: number): Promise<void> {
  await tx.query(
    sql`UPDATE payouts SET status = CASE WHEN ${fromStatus(T.sign)} THEN ${T.sign.to} ELSE status END, updated_at = now()
         WHERE id = ${id}`,
  );
}

/** The node took a signed payout's transaction; `note` says what it answered, if anything worth showing. */
async function broadcast(tx: Sql, id: number, note: string | null): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.broadcast)}, error = ${note}, updated_at = now()
         WHERE id = ${id} AND ${fromStatus(T.broadcast)}`,
  );
  return rowCount;
}

/** One of its transactions mined at `block`; the job's note cleared, unless the cancel was mined (its note stays). */
async function mine(tx: Sql, id: number, set: { txHash: string; block: bigint; keepNote: boolean }): Promise<number> {
  const clear = set.keepNote ? sql.empty : sql`, error = NULL`;
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.mine)}, tx_hash = ${set.txHash}, block_number = ${set.block.toString()} ${clear},
               updated_at = now()
         WHERE id = ${id} AND ${fromStatus(T.mine)}`,
  );
  return rowCount;
}

/** Its block was reorganised away: back to waiting for a receipt. */
async function reorg(tx: Sql, id: number): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.reorg)}, tx_hash = NULL, block_number = NULL WHERE id = ${id} AND ${fromStatus(T.reorg)}`,
  );
  return rowCount;
}

/** Paid: its transfer final (settle.ts posts the entry and pays the withdrawal in the same transaction). */
async function pay(tx: Sql, id: number): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.pay)}, updated_at = now() WHERE id = ${id} AND ${fromStatus(T.pay)}`,
  );
  return rowCount;
}

/** Failed with `error`, and the reverted transaction if one was mined; nothing of it can land any more. */
async function fail(
  tx: Sql,
  id: number,
  set: { error: string; txHash: string | null; block: bigint | null },
): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.fail)}, error = ${set.error}, tx_hash = ${set.txHash},
               block_number = ${set.block?.toString() ?? null}, updated_at = now()
         WHERE id = ${id} AND ${fromStatus(T.fail)}`,
  );
  return rowCount;
}

/** The node refused it before taking any of it: its nonce given back (kept in `refused_nonce`) for the next payout. */
async function refuse(tx: Sql, id: number, reason: string): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.refuse)}, refused_nonce = nonce, nonce = NULL, error = ${reason}, updated_at = now()
         WHERE id = ${id} AND ${fromStatus(T.refuse)}`,
  );
  return rowCount;
}

/** The zero-value self-transfer at its nonce is final (`txHash` at `block`): nothing of the payout can be mined. */
async function cancel(tx: Sql, id: number, set: { txHash: string; block: bigint }): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE payouts SET ${toStatus(T.cancel)}, tx_hash = ${set.txHash}, block_number = ${set.block.toString()}, updated_at = now()
         WHERE id = ${id} AND ${fromStatus(T.cancel)}`,
  );
  return rowCount;
}

/** The payout's transitions, each named as in PAYOUT_TRANSITIONS, and its creation. */
export const payoutLifecycle = { queue, sign, broadcast, mine, reorg, pay, fail, refuse, cancel };

/**
 * After payout `payoutId` ended refused or cancelled (in the caller's
 * transaction): the withdrawal's next attempt, a new payout from the same hot
 * wallet, or the withdrawal failed after MAX_ATTEMPTS (an admin's retry
 * starts again at attempt 1).
 */
export async function queueAgainOrFail(tx: Sql, payoutId: number, reason: string): Promise<void> {
  const { rows } = await tx.query<{ withdrawal_id: number; attempt: number; chain_id: string; wallet: string }>(
    sql`SELECT withdrawal_id, attempt, chain_id::text, wallet FROM payouts WHERE id = ${payoutId}`,
  );
  const { attempt, chain_id: chainId, wallet } = rows[0]!;
  const withdrawalId = Number(rows[0]!.withdrawal_id);
  if (attempt < MAX_ATTEMPTS) {
    await queue(tx, [withdrawalId], { chainId: Number(chainId), wallet, queuedBy: null, attempt: attempt + 1 });
    return;
  }
  await withdrawalLifecycle.fail(
    tx,
    withdrawalId,
    `${reason} After ${MAX_ATTEMPTS} attempts nothing has left the hot wallet for it: retry or refund.`,
  );
}

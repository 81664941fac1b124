import type { ApprovalPolicy, WithdrawalStatus } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { fromStatus, toStatus, type TransitionTable } from '../shared/lifecycle';

/**
 * Every status a withdrawal takes, and the only code that writes one
 * (docs/decisions/0058-money-lifecycles.md). A request is `pending`; an
 * admin (or the portal, below its automatic-approval limit) approves it, its
 * payout (payout/lifecycle.ts) pays it or fails it, and a failed one is
 * retried or refunded:
 *
 *   pending ─approve─ approved ─pay─ paid
 *      └─reject─ rejected   └─fail─ failed ─refund─ refunded
 *                                     └─retry─ approved
 *
 * The database refuses any other change of status (migration
 * 0047_money_lifecycles.sql, the table `money_transitions()` that a test holds
 * equal to this one). Each function moves only rows in a status its
 * transition starts from, and answers how many it moved.
 */
export const WITHDRAWAL_TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  pay: { from: ['approved'], to: 'paid' },
  fail: { from: ['approved'], to: 'failed' },
  retry: { from: ['failed'], to: 'approved' },
  refund: { from: ['failed'], to: 'refunded' },
} as const satisfies TransitionTable<WithdrawalStatus>;

const T = WITHDRAWAL_TRANSITIONS;

/** A request made: `pending`, its amount already in flight under `entryId` (withdrawals/request.ts). */
async function request(
  tx: Sql,
  row: { userId: number; amount: bigint; fee: bigint; address: string; entryId: number; createdAt: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    sql`INSERT INTO withdrawals (user_id, amount, fee, address, status, entry_id, created_at)
      VALUES (${row.userId}, ${row.amount.toString()}, ${row.fee.toString()}, ${row.address}, 'pending', ${row.entryId}, ${row.createdAt}) RETURNING id`,
  );
  return Number(rows[0]!.id);
}

/**
 * Pending withdrawals approved together under one rule: by admin `decidedBy`,
 * or by the portal itself (null, decided_by left unset). One statement for
 * the whole group, so a bulk approval of 1,000 stays a few statements.
 */
async function approve(
  tx: Sql,
  ids: number[],
  set: { decidedBy: number | null; decidedAt: Date; policy: ApprovalPolicy; note: string },
): Promise<number> {
  const by = set.decidedBy === null ? sql.empty : sql`decided_by = ${set.decidedBy},`;
  const { rowCount } = await tx.query(
    sql`UPDATE withdrawals SET ${toStatus(T.approve)}, ${by} decided_at = ${set.decidedAt},
               approval_policy = ${set.policy}, approval_note = ${set.note}
         WHERE id = ANY(${ids}::bigint[]) AND ${fromStatus(T.approve)}`,
  );
  return rowCount;
}

/** A pending withdrawal rejected by admin `decidedBy`, its amount refunded by `settleEntryId`. */
async function reject(
  tx: Sql,
  id: number,
  set: { reason: string; decidedBy: number; decidedAt: Date; settleEntryId: number },
): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE withdrawals SET ${toStatus(T.reject)}, reason = ${set.reason}, decided_by = ${set.decidedBy},
               decided_at = ${set.decidedAt}, settle_entry_id = ${set.settleEntryId}
         WHERE id = ${id} AND ${fromStatus(T.reject)}`,
  );
  return rowCount;
}

/** An approved withdrawal paid: its payout's transaction final at `block`, the entry `settleEntryId` posted. */
async function pay(
  tx: Sql,
  id: number,
  set: { txHash: string; block: bigint; paidAt: Date; settleEntryId: number },
): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE withdrawals SET ${toStatus(T.pay)}, tx_hash = ${set.txHash}, block_number = ${set.block.toString()},
               paid_at = ${set.paidAt}, settle_entry_id = ${set.settleEntryId}
         WHERE id = ${id} AND ${fromStatus(T.pay)}`,
  );
  return rowCount;
}

/** An approved withdrawal whose payout cannot pay it, with why: an admin retries or refunds it. */
async function fail(tx: Sql, id: number, reason: string): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE withdrawals SET ${toStatus(T.fail)}, reason = ${reason} WHERE id = ${id} AND ${fromStatus(T.fail)}`,
  );
  return rowCount;
}

/** A failed withdrawal approved again for a new payout; the failure's reason cleared. */
async function retry(tx: Sql, id: number): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE withdrawals SET ${toStatus(T.retry)}, reason = NULL WHERE id = ${id} AND ${fromStatus(T.retry)}`,
  );
  return rowCount;
}

/** A failed withdrawal given back to its member by the entry `settleEntryId`. */
async function refund(tx: Sql, id: number, settleEntryId: number): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE withdrawals SET ${toStatus(T.refund)}, settle_entry_id = ${settleEntryId}
         WHERE id = ${id} AND ${fromStatus(T.refund)}`,
  );
  return rowCount;
}

/** The withdrawal's transitions, each named as in WITHDRAWAL_TRANSITIONS, and its creation. */
export const withdrawalLifecycle = { request, approve, reject, pay, fail, retry, refund };

import type { redemptionStatuses } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { fromStatus, toStatus, type TransitionTable } from '../shared/lifecycle';

type RedemptionStatus = (typeof redemptionStatuses)[number];

/**
 * Every status a redemption takes, and the only code that writes one
 * (docs/decisions/0058-money-lifecycles.md). A redemption is `pending`
 * from its creation (the column's default, redeem.ts); an admin decides it
 * once (decide.ts):
 *
 *   pending ─approve─ approved (shipped)
 *      └─reject─ rejected (points refunded, stock back)
 *
 * The database refuses any other change of status (migration
 * 0047_money_lifecycles.sql, `money_transitions()`, held equal to this table
 * by a test; `redemptions_decide_once` keeps a decided one as it is). Each
 * function moves only rows in a status its transition starts from, and
 * answers how many it moved.
 */
export const REDEMPTION_TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies TransitionTable<RedemptionStatus>;

const T = REDEMPTION_TRANSITIONS;

/** Pending redemptions approved (shipped) by admin `decidedBy`, in one statement. */
async function approve(tx: Sql, ids: number[], set: { decidedBy: number; decidedAt: Date }): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE redemptions SET ${toStatus(T.approve)}, decided_by = ${set.decidedBy}, decided_at = ${set.decidedAt}
         WHERE id = ANY(${ids}::bigint[]) AND ${fromStatus(T.approve)}`,
  );
  return rowCount;
}

/** A pending redemption rejected by admin `decidedBy`, its points refunded by the entry `refundEntryId`. */
async function reject(
  tx: Sql,
  id: number,
  set: { reason: string; decidedBy: number; decidedAt: Date; refundEntryId: number },
): Promise<number> {
  const { rowCount } = await tx.query(
    sql`UPDATE redemptions SET ${toStatus(T.reject)}, reason = ${set.reason}, decided_by = ${set.decidedBy},
               decided_at = ${set.decidedAt}, refund_entry_id = ${set.refundEntryId}
         WHERE id = ${id} AND ${fromStatus(T.reject)}`,
  );
  return rowCount;
}

/** The redemption's transitions, each named as in REDEMPTION_TRANSITIONS. */
export const redemptionLifecycle = { approve, reject };

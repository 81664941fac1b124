import { fromBaseUnits, TO_DECIDE_KINDS, type ToDecide, type ToDecideKind } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { heldPayout, stuckPayout, waitingForSecondAdmin } from '../withdrawals/attention';

/** Kinds whose rows carry no sum. */
const UNSUMMED: ReadonlySet<ToDecideKind> = new Set(['settingChanges', 'setup']);

/**
 * The admin dashboard's "To decide": each kind of decision waiting for an admin with how many, their sum and
 * since when the oldest waits, read by status first (the status indexes of migrations 0015, 0029, 0043), so it
 * costs the few live rows, not the history. What counts as waiting is written once in withdrawals/attention.ts
 * (a second approval, a payout held by the cap, a stuck one), matching the approval page's "Needs attention".
 * Withdrawals are those with no approval yet; a first approval moves one to `secondApprovals`, waiting since it.
 */
export async function toDecide(ctx: AppContext, now: Date): Promise<ToDecide[]> {
  const { rows } = await ctx.db.query<{ kind: ToDecideKind; count: number; amount: string; oldest: Date | null }>(
    sql`SELECT 'withdrawals' AS kind, count(*)::int AS count, COALESCE(sum(w.amount), 0)::text AS amount,
               min(w.created_at) AS oldest
          FROM withdrawals w
         WHERE w.status = 'pending' AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id)
        UNION ALL
        SELECT 'secondApprovals', count(*)::int, COALESCE(sum(w.amount), 0)::text,
               min((SELECT min(a.approved_at) FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id))
          FROM withdrawals w WHERE ${waitingForSecondAdmin}
        UNION ALL
        SELECT 'redemptions', count(*)::int, COALESCE(sum(r.points), 0)::text, min(r.created_at)
          FROM redemptions r WHERE r.status = 'pending'
        UNION ALL
        SELECT 'heldDeposits', count(*)::int, COALESCE(sum(d.amount), 0)::text, min(COALESCE(d.final_at, d.seen_at))
          FROM deposits d WHERE d.status = 'held'
        UNION ALL
        SELECT 'closeReview', count(*)::int, COALESCE(sum(c.paid), 0)::text, min(c.closed_at)
          FROM matching_closes c JOIN matching_closes_in_review r ON r.close_date = c.close_date
        UNION ALL
        SELECT 'failedPayouts', count(*)::int, COALESCE(sum(w.amount), 0)::text,
               min(COALESCE((SELECT max(p.updated_at) FROM payouts p WHERE p.withdrawal_id = w.id), w.decided_at))
          FROM withdrawals w WHERE w.status = 'failed'
        UNION ALL
        SELECT 'stuckPayouts', count(*)::int, COALESCE(sum(p.amount), 0)::text,
               min((SELECT min(t.broadcast_at) FROM payout_transactions t WHERE t.payout_id = p.id))
          FROM payouts p WHERE ${stuckPayout(now)}
        UNION ALL
        SELECT 'heldByCap', count(*)::int, COALESCE(sum(p.amount), 0)::text, min(p.created_at)
          FROM payouts p WHERE ${heldPayout}
        UNION ALL
        SELECT 'settingChanges', count(*)::int, '0', min(c.proposed_at)
          FROM pending_changes c WHERE c.status = 'pending'
        UNION ALL
        SELECT 'setup', count(*)::int, '0',
               CASE WHEN count(*) > 0 THEN (SELECT min(m.joined_at) FROM members m WHERE m.sponsor_id IS NOT NULL) END
          FROM portal_launch l WHERE l.live_at IS NULL`,
  );
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return TO_DECIDE_KINDS.map((kind) => {
    const row = byKind.get(kind);
    const count = row?.count ?? 0;
    return {
      kind,
      count,
      amount: UNSUMMED.has(kind) ? null : fromBaseUnits(BigInt(row?.amount ?? '0')),
      oldestAt: count > 0 && row?.oldest ? new Date(row.oldest).toISOString() : null,
    };
  });
}

import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { heldPayout, stuckPayout, waitingForSecondAdmin } from '../withdrawals/attention';

/**
 * What waits for an admin, each through a status index (withdrawals/attention.ts). Prepared: planning its twelve
 * counts cost the server five times what running them does, and no value changes the plan.
 */
export async function pendingCounts(ctx: AppContext, now: Date) {
  return (
    await ctx.db.query<{
      last_close: string | null;
      withdrawals: number;
      withdrawn: string;
      redemptions: number;
      points: string;
      failed: number;
      failed_amount: string;
      held_deposits: number;
      held_amount: string;
      second: number;
      held: number;
      stuck: number;
    }>(
      sql.prepared(sql`SELECT (SELECT to_char(max(close_date), 'YYYY-MM-DD') FROM matching_closes) AS last_close,
              (SELECT count(*)::int FROM withdrawals WHERE status = 'pending') AS withdrawals,
              (SELECT COALESCE(sum(amount), 0)::text FROM withdrawals WHERE status = 'pending') AS withdrawn,
              (SELECT count(*)::int FROM redemptions WHERE status = 'pending') AS redemptions,
              (SELECT COALESCE(sum(points), 0)::text FROM redemptions WHERE status = 'pending') AS points,
              (SELECT count(*)::int FROM withdrawals WHERE status = 'failed') AS failed,
              (SELECT COALESCE(sum(amount), 0)::text FROM withdrawals WHERE status = 'failed') AS failed_amount,
              -- Through deposits_held_idx (migration 0029).
              (SELECT count(*)::int FROM deposits WHERE status = 'held') AS held_deposits,
              (SELECT COALESCE(sum(amount), 0)::text FROM deposits WHERE status = 'held') AS held_amount,
              (SELECT count(*)::int FROM withdrawals w WHERE ${waitingForSecondAdmin}) AS second,
              (SELECT count(*)::int FROM payouts p WHERE ${heldPayout}) AS held,
              (SELECT count(*)::int FROM payouts p WHERE ${stuckPayout(now)}) AS stuck`),
    )
  ).rows[0]!;
}

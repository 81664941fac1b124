import type { Chain } from '../chain';
import type { AppContext } from '../../context';
import { sql } from '../db/sql';
import { watchKeyOf, watchRow } from '../../deposits/watch-cursor';
import { stuckBefore, stuckPayout } from '../../withdrawals/attention';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../withdrawals/payout/lifecycle';

/**
 * The database's figures for one scrape or one health check, in few
 * statements: the payout queue, the watcher's cursor row, deposits waiting
 * for finality and the last daily close.
 */

export interface PayoutFigures {
  byState: Record<PayoutStatus, number>;
  /**
   * Stuck payouts, by the approval page's rule (withdrawals/attention.ts, STUCK_PAYOUT_MINUTES): sent and not mined
   * that long after the first transaction, or queued that long and not started (the daily cap's held ones wait on purpose).
   */
  stuck: number;
  /** Seconds since the oldest live payout was queued; null without one. */
  oldestLiveSeconds: number | null;
  /** What the live payouts still have to send, in ledger base units. */
  liveAmount: bigint;
  /** Withdrawals whose payout failed, waiting for an admin's retry or refund (what the admin dashboard counts). */
  failedWithdrawals: number;
}

export async function readPayoutFigures(ctx: AppContext): Promise<PayoutFigures> {
  // Not settled yet: the job still has work on them (migration 0015, `payouts.status`).
  const live = sql`status IN ('queued', 'signed', 'broadcast', 'mined')`;
  // A payout the daily payout cap keeps in the queue waits on purpose (withdrawals/payout/daily-cap.ts): never stuck.
  const sending = sql`${live} AND waiting IS NULL`;
  const [states, totals] = await Promise.all([
    ctx.db.query<{ status: PayoutStatus; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM payouts GROUP BY status`,
    ),
    ctx.db.query<{ stuck: number; oldest: number | null; live_amount: string; failed: number }>(
      sql`SELECT (SELECT count(*)::int FROM payouts p WHERE ${sending} AND ((${stuckPayout(ctx.now())}) OR (p.status = 'queued' AND p.created_at <= ${stuckBefore(ctx.now())}))) AS stuck,
                 (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM payouts WHERE ${sending}) AS oldest,
                 (SELECT COALESCE(sum(amount), 0)::text FROM payouts WHERE ${live}) AS live_amount,
                 (SELECT count(*)::int FROM withdrawals WHERE status = 'failed') AS failed`,
    ),
  ]);
  const byState = Object.fromEntries(PAYOUT_STATUSES.map((state) => [state, 0])) as Record<PayoutStatus, number>;
  for (const row of states.rows) byState[row.status] = Number(row.n);
  const t = totals.rows[0]!;
  return {
    byState,
    stuck: Number(t.stuck),
    oldestLiveSeconds: t.oldest === null ? null : Math.max(0, Number(t.oldest)),
    liveAmount: BigInt(t.live_amount),
    failedWithdrawals: Number(t.failed),
  };
}

export interface WatcherFigures {
  /** The watcher's cursor row: null before its first pass. */
  cursor: {
    scannedTo: bigint;
    latestBlock: bigint | null;
    finalBlock: bigint | null;
    checkedSecondsAgo: number | null;
  } | null;
  /** Deposits seen on chain, not final yet (credited once final). */
  awaitingFinality: number;
}

export async function readWatcherFigures(ctx: AppContext, chain: Chain): Promise<WatcherFigures> {
  const [row, seen] = await Promise.all([
    ctx.db.query<{ final_next: string; latest_block: string | null; final_block: string | null; age: number | null }>(
      sql`SELECT final_next::text, latest_block::text, final_block::text, extract(epoch FROM now() - checked_at)::float8 AS age
            FROM chain_watch WHERE ${watchRow(watchKeyOf(chain))}`,
    ),
    readAwaitingFinality(ctx, chain),
  ]);
  const r = row.rows[0];
  return {
    cursor: r
      ? {
          scannedTo: BigInt(r.final_next) - 1n,
          latestBlock: r.latest_block === null ? null : BigInt(r.latest_block),
          finalBlock: r.final_block === null ? null : BigInt(r.final_block),
          checkedSecondsAgo: r.age === null ? null : Math.max(0, Number(r.age)),
        }
      : null,
    awaitingFinality: seen,
  };
}

/** Deposits seen on chain, not final yet (credited once final). */
export async function readAwaitingFinality(ctx: AppContext, chain: Chain): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'seen'`,
  );
  return Number(rows[0]!.n);
}

/** The last daily close (any process's): when it ran, in seconds since the epoch; null before the first. */
export async function readLastClose(ctx: AppContext): Promise<number | null> {
  const { rows } = await ctx.db.query<{ at: number | null }>(
    sql`SELECT extract(epoch FROM max(closed_at))::float8 AS at FROM matching_closes`,
  );
  return rows[0]!.at === null ? null : Number(rows[0]!.at);
}

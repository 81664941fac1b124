import { fromBaseUnits, type AdminDashboard, payoutRatio } from '@portal/contract';
import type { AppContext } from '../context';
import { part } from '../per-process';
import { hotWalletCheck } from '../health/checks';
import { readPayoutFigures } from '../metrics/queries';
import { sql } from '../db/sql';
import { heldPayout, stuckPayout, waitingForSecondAdmin } from '../withdrawals/attention';
import { chainFigures } from './chain-figures';
import { dailyFigures, type DayFigures } from './daily-events';

export const SERIES_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The admin dashboard's figures, read from the daily totals (migration 0035,
 * dashboard/rollup.ts) plus the few rows since their watermark, never a scan
 * of purchases or postings (docs/decisions/0042-daily-totals.md): totals ever
 * and 90 days by day (sales, bonuses, payout ratio, members, money in and
 * out, the treasury); what waits for an admin, through status indexes; the
 * hot wallet's state and the chain's balances, reconciliation and watcher lag.
 */
export function adminDashboard(ctx: AppContext): Promise<AdminDashboard> {
  // Single flight: requests that arrive while a read is under way share it (every admin sees the same figures),
  // so a burst of views costs one read; a request after it ends starts a new one, so none is older than one read.
  const flight = ctx.perProcess.of(IN_FLIGHT, () => ({}));
  if (flight.running) return flight.running;
  const read = readAdminDashboard(ctx).finally(() => delete flight.running);
  flight.running = read;
  return read;
}

/** The read under way, if one is: the portal's, in its `perProcess`. */
const IN_FLIGHT = part<{ running?: Promise<AdminDashboard> }>('the admin dashboard read under way');

async function readAdminDashboard(ctx: AppContext): Promise<AdminDashboard> {
  const { db } = ctx;
  const now = ctx.now();
  const hotWallet = hotWalletCheck(ctx, () => readPayoutFigures(ctx), { amounts: true });
  const chain = chainFigures(ctx);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = new Date(today - (SERIES_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const watermark = (await db.query<{ until: Date | null }>(sql`SELECT rolled_until AS until FROM daily_totals_state`))
    .rows[0]?.until;
  const [days, closes, counts] = await Promise.all([
    // The days rolled up (at most one row per day: a year is 365 rows) and the events after their watermark in
    // ONE statement, the live part bounded by the watermark as that statement sees it: read apart, a roll-up
    // committing in between counted its events twice (in daily_totals and again as live rows) or not at all.
    // The watermark read just before only lets the planner use the time indexes.
    db.query<DayFigures>(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sales::text, purchases, activations, referral_paid::text, new_members,
              deposits_count, deposits_amount::text, withdrawals_paid_count, withdrawals_paid_amount::text, fees::text,
              treasury::text
         FROM daily_totals
       UNION ALL
       ${dailyFigures(watermark ?? null, null, sql`(SELECT COALESCE(rolled_until, '-infinity') FROM daily_totals_state)`)}`,
    ),
    // One row per daily close; a close under review is not paid yet.
    db.query<{ day: string; paid: string }>(
      sql`SELECT to_char(close_date, 'YYYY-MM-DD') AS day, paid::text FROM matching_closes
         WHERE close_date NOT IN (SELECT close_date FROM matching_closes_in_review)`,
    ),
    pendingCounts(ctx, now),
  ]);
  const byDay = new Map<string, Figures>();
  for (const row of days.rows) add(byDay, row.day, figuresOf(row));
  for (const close of closes.rows) add(byDay, close.day, { ...zero(), matching: BigInt(close.paid) });
  const all = [...byDay.values()].reduce(plus, zero());

  const series: AdminDashboard['series'] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= today; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    const f = byDay.get(day) ?? zero();
    const bonuses = f.referral + f.matching;
    series.push({
      day,
      sales: fromBaseUnits(f.sales),
      bonuses: fromBaseUnits(bonuses),
      payoutRatio: payoutRatio(bonuses, f.sales),
      newMembers: f.newMembers,
      deposits: fromBaseUnits(f.deposited),
      withdrawalsPaid: fromBaseUnits(f.withdrawn),
    });
  }
  return {
    members: all.newMembers,
    activeMembers: all.activations,
    sales: fromBaseUnits(all.sales),
    purchases: all.purchases,
    bonusesPaid: {
      referral: fromBaseUnits(all.referral),
      matching: fromBaseUnits(all.matching),
      total: fromBaseUnits(all.referral + all.matching),
    },
    payoutRatio: payoutRatio(all.referral + all.matching, all.sales),
    lastClose: counts.last_close,
    series,
    deposits: { count: all.deposits, total: fromBaseUnits(all.deposited) },
    withdrawalsPaid: { count: all.withdrawals, amount: fromBaseUnits(all.withdrawn), fees: fromBaseUnits(all.fees) },
    // The treasury account is debited for every USDT that reached the company on chain and credited for every one that left.
    treasury: fromBaseUnits(-all.treasury),
    pending: {
      withdrawals: { count: counts.withdrawals, amount: fromBaseUnits(BigInt(counts.withdrawn)) },
      redemptions: { count: counts.redemptions, points: fromBaseUnits(BigInt(counts.points)) },
      failedPayouts: { count: counts.failed, amount: fromBaseUnits(BigInt(counts.failed_amount)) },
      heldDeposits: { count: counts.held_deposits, amount: fromBaseUnits(BigInt(counts.held_amount)) },
      secondApprovals: counts.second,
      heldByCap: counts.held,
      stuckPayouts: counts.stuck,
    },
    hotWallet: await hotWallet,
    chain: await chain,
  };
}

interface Figures {
  sales: bigint;
  purchases: number;
  activations: number;
  referral: bigint;
  matching: bigint;
  newMembers: number;
  deposits: number;
  deposited: bigint;
  withdrawals: number;
  withdrawn: bigint;
  fees: bigint;
  treasury: bigint;
}

function zero(): Figures {
  return {
    sales: 0n,
    purchases: 0,
    activations: 0,
    referral: 0n,
    matching: 0n,
    newMembers: 0,
    deposits: 0,
    deposited: 0n,
    withdrawals: 0,
    withdrawn: 0n,
    fees: 0n,
    treasury: 0n,
  };
}

function figuresOf(row: DayFigures): Figures {
  return {
    sales: BigInt(row.sales),
    purchases: row.purchases,
    activations: row.activations,
    referral: BigInt(row.referral_paid),
    matching: 0n,
    newMembers: row.new_members,
    deposits: row.deposits_count,
    deposited: BigInt(row.deposits_amount),
    withdrawals: row.withdrawals_paid_count,
    withdrawn: BigInt(row.withdrawals_paid_amount),
    fees: BigInt(row.fees),
    treasury: BigInt(row.treasury),
  };
}

function plus(a: Figures, b: Figures): Figures {
  return {
    sales: a.sales + b.sales,
    purchases: a.purchases + b.purchases,
    activations: a.activations + b.activations,
    referral: a.referral + b.referral,
    matching: a.matching + b.matching,
    newMembers: a.newMembers + b.newMembers,
    deposits: a.deposits + b.deposits,
    deposited: a.deposited + b.deposited,
    withdrawals: a.withdrawals + b.withdrawals,
    withdrawn: a.withdrawn + b.withdrawn,
    fees: a.fees + b.fees,
    treasury: a.treasury + b.treasury,
  };
}

function add(days: Map<string, Figures>, day: string, f: Figures): void {
  days.set(day, plus(days.get(day) ?? zero(), f));
}

/**
 * What waits for an admin, each through a status index (withdrawals/attention.ts). Prepared: planning its twelve
 * counts cost the server five times what running them does, and no value changes the plan.
 */
async function pendingCounts(ctx: AppContext, now: Date) {
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

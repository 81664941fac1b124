import { fromBaseUnits, type AdminDashboard, payoutRatio } from '@portal/contract';
import type { AppContext } from '../context';
import { part } from '../per-process';
import { hotWalletCheck } from '../health/checks';
import { readPayoutFigures } from '../platform/metrics/queries';
import { sql } from '../platform/db/sql';
import { chainFigures } from './chain-figures';
import { dailyFigures, type DayFigures } from './daily-events';
import { add, figuresOf, plus, zero, type Figures } from './figures';
import { pendingCounts } from './pending-counts';
import { toDecide } from './to-decide';

const SERIES_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The admin dashboard's figures, read from the daily totals (migration 0035,
 * dashboard/rollup.ts) plus the few rows since their watermark, never a scan
 * of purchases or postings (docs/decisions/0042-daily-totals.md): totals ever
 * and 90 days by day (sales, bonuses, payout ratio, members, money in and
 * out, the treasury); what waits for an admin, through status indexes; the
 * hot wallet's state and the chain's balances, reconciliation and watcher lag.
 */
export function readAdminDashboard(ctx: AppContext): Promise<AdminDashboard> {
  // Single flight: requests that arrive while a read is under way share it (every admin sees the same figures),
  // so a burst of views costs one read; a request after it ends starts a new one, so none is older than one read.
  const flight = ctx.perProcess.of(IN_FLIGHT, () => ({}));
  if (flight.running) return flight.running;
  const read = readFigures(ctx).finally(() => delete flight.running);
  flight.running = read;
  return read;
}

/** The read under way, if one is: the portal's, in its `perProcess`. */
const IN_FLIGHT = part<{ running?: Promise<AdminDashboard> }>('the admin dashboard read under way');

async function readFigures(ctx: AppContext): Promise<AdminDashboard> {
  const { db } = ctx;
  const now = ctx.now();
  const hotWallet = hotWalletCheck(ctx, () => readPayoutFigures(ctx), { amounts: true });
  const chain = chainFigures(ctx);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = new Date(today - (SERIES_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const watermark = (await db.query<{ until: Date | null }>(sql`SELECT rolled_until AS until FROM daily_totals_state`))
    .rows[0]?.until;
  const [days, closes, counts, decisions] = await Promise.all([
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
    toDecide(ctx, now),
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
    toDecide: decisions,
    hotWallet: await hotWallet,
    chain: await chain,
  };
}

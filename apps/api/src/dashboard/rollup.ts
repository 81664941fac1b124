import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { Job } from '../shared/job-runner';
import { dailyFigures, FIGURE_COLUMNS } from './daily-events';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';

/**
 * The daily totals' roll-up (docs/decisions/0042-daily-totals.md): adds the
 * events between the watermark (daily_totals_state.rolled_until) and
 * ROLLUP_MARGIN_MS ago to their days' rows, at most a month of them per
 * transaction, and moves the watermark in the same transaction: an event is
 * counted once, entirely. The margin lets a transaction still committing an
 * event stamped before it (a timestamp is its transaction's start) be in
 * before its time is read. Run every minute, it leaves the dashboard about
 * ten minutes of events to read live.
 * An advisory lock serialises passes across processes; a process that finds
 * it taken skips its turn. Purchases never touch daily_totals: nothing
 * serialises them on a row per day.
 */
export const ROLLUP_MARGIN_MS = 10 * 60_000;
const MAX_PASS_MS = 31 * 86_400_000;

/**
 * Rolls the events up to the margin (a month at most); 'busy' when another
 * process holds the lock. Returns the milliseconds of events rolled (0: nothing to do).
 */
export async function rollUpDailyTotals(db: Database, now: Date, wait = false): Promise<number | 'busy'> {
  return db.transaction((tx) => rollUp(tx, now, wait));
}

async function rollUp(tx: Sql, now: Date, wait: boolean): Promise<number | 'busy'> {
  if (wait) await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.dailyTotals})`);
  else {
    const { rows } = await tx.query<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.dailyTotals}) AS locked`,
    );
    if (!rows[0]?.locked) return 'busy';
  }
  const state = (
    await tx.query<{ until: Date | null; first: Date | null }>(
      sql`SELECT rolled_until AS until,
              (SELECT least(
                 (SELECT min(created_at) FROM purchases), (SELECT min(joined_at) FROM members WHERE sponsor_id IS NOT NULL),
                 (SELECT min(credited_at) FROM deposits WHERE status = 'credited'),
                 (SELECT min(paid_at) FROM withdrawals WHERE status = 'paid'), (SELECT min(created_at) FROM journal_entries))) AS first
         FROM daily_totals_state FOR UPDATE`,
    )
  ).rows[0]!;
  // Before the first roll-up, from the first event (referral bonuses come with purchases).
  const from = state.until ?? state.first;
  if (from === null) return 0;
  const to = new Date(Math.min(now.getTime() - ROLLUP_MARGIN_MS, from.getTime() + MAX_PASS_MS));
  if (to <= from) return 0;
  await tx.query(
    sql`INSERT INTO daily_totals (day, ${FIGURE_COLUMNS})
       SELECT day::date, sales::numeric, purchases, activations, referral_paid::numeric, new_members, deposits_count,
              deposits_amount::numeric, withdrawals_paid_count, withdrawals_paid_amount::numeric, fees::numeric, treasury::numeric
         FROM (${dailyFigures(state.until === null ? null : from, to)}) d
       ON CONFLICT (day) DO UPDATE SET
         sales = daily_totals.sales + EXCLUDED.sales,
         purchases = daily_totals.purchases + EXCLUDED.purchases,
         activations = daily_totals.activations + EXCLUDED.activations,
         referral_paid = daily_totals.referral_paid + EXCLUDED.referral_paid,
         new_members = daily_totals.new_members + EXCLUDED.new_members,
         deposits_count = daily_totals.deposits_count + EXCLUDED.deposits_count,
         deposits_amount = daily_totals.deposits_amount + EXCLUDED.deposits_amount,
         withdrawals_paid_count = daily_totals.withdrawals_paid_count + EXCLUDED.withdrawals_paid_count,
         withdrawals_paid_amount = daily_totals.withdrawals_paid_amount + EXCLUDED.withdrawals_paid_amount,
         fees = daily_totals.fees + EXCLUDED.fees,
         treasury = daily_totals.treasury + EXCLUDED.treasury`,
  );
  await tx.query(sql`UPDATE daily_totals_state SET rolled_until = ${to}`);
  return to.getTime() - from.getTime();
}

/** The roll-up as a job of shared/job-runner.ts: a pass a minute, at once again while a month's pass was full. */
export function dailyTotalsJob(db: Database, now: () => Date, everyMs = 60_000): Job {
  return {
    name: 'daily totals roll-up',
    everyMs,
    firstAfterMs: 1000,
    pass: async () => (await rollUpDailyTotals(db, now())) === MAX_PASS_MS,
  };
}

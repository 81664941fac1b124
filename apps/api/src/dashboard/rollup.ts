import type { Database, Sql } from '../db/database';
import { sql } from '../db/sql';
import type { Job } from '../shared/job-runner';
import { dailyFigures, FIGURE_COLUMNS } from './daily-events';

/**
 * The daily totals' roll-up (docs/decisions/0042-daily-totals.md): writes
 * daily_totals for the UTC days that have ended since the watermark
 * (daily_totals_state.rolled_through), a few days per transaction, and moves
 * the watermark in the same transaction: a day is rolled once, entirely.
 * A day is rolled only ROLLUP_MARGIN_MS after it ended, so a transaction
 * still committing an event of that day is in before the day is read.
 * An advisory lock serialises passes across processes; a process that finds
 * it taken skips its turn. Purchases never touch daily_totals: nothing
 * serialises them on a row per day.
 */
export const DAILY_TOTALS_LOCK = 724_420;
export const ROLLUP_MARGIN_MS = 10 * 60_000;
const DAYS_PER_PASS = 31;
const DAY_MS = 86_400_000;

/** Rolls the next days; 'busy' when another process holds the lock. Returns the number of days rolled. */
export async function rollUpDailyTotals(db: Database, now: Date, wait = false): Promise<number | 'busy'> {
  return db.transaction((tx) => rollUpDays(tx, now, wait));
}

async function rollUpDays(tx: Sql, now: Date, wait: boolean): Promise<number | 'busy'> {
  if (wait) await tx.query(sql`SELECT pg_advisory_xact_lock(${DAILY_TOTALS_LOCK})`);
  else {
    const { rows } = await tx.query<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${DAILY_TOTALS_LOCK}) AS locked`,
    );
    if (!rows[0]?.locked) return 'busy';
  }
  const state = (
    await tx.query<{ next: string | null; first: string | null }>(
      sql`SELECT to_char(rolled_through + 1, 'YYYY-MM-DD') AS next,
              (SELECT to_char(least(
                 (SELECT min(created_at) FROM purchases), (SELECT min(joined_at) FROM members WHERE sponsor_id IS NOT NULL),
                 (SELECT min(credited_at) FROM deposits WHERE status = 'credited'),
                 (SELECT min(paid_at) FROM withdrawals WHERE status = 'paid')) AT TIME ZONE 'UTC', 'YYYY-MM-DD')) AS first
         FROM daily_totals_state FOR UPDATE`,
    )
  ).rows[0]!;
  // Before the first roll-up, from the first event's day (referral bonuses come with purchases).
  const start = state.next ?? state.first;
  if (start === null) return 0;
  const from = new Date(`${start}T00:00:00Z`);
  const lastEnded = Math.floor((now.getTime() - ROLLUP_MARGIN_MS) / DAY_MS) * DAY_MS;
  const to = new Date(Math.min(lastEnded, from.getTime() + DAYS_PER_PASS * DAY_MS));
  if (to <= from) return 0;
  await tx.query(
    sql`INSERT INTO daily_totals (day, ${FIGURE_COLUMNS})
       SELECT day::date, sales::numeric, purchases, activations, referral_paid::numeric, new_members, deposits_count,
              deposits_amount::numeric, withdrawals_paid_count, withdrawals_paid_amount::numeric, fees::numeric
         FROM (${dailyFigures(from, to)}) d`,
  );
  await tx.query(
    sql`UPDATE daily_totals_state SET rolled_through = ${new Date(to.getTime() - DAY_MS).toISOString().slice(0, 10)}::date`,
  );
  return (to.getTime() - from.getTime()) / DAY_MS;
}

/** The roll-up as a job of shared/job-runner.ts: a pass a minute, at once again while days are left. */
export function dailyTotalsJob(db: Database, now: () => Date, everyMs = 60_000): Job {
  return {
    name: 'daily totals roll-up',
    everyMs,
    firstAfterMs: 1000,
    pass: async () => (await rollUpDailyTotals(db, now())) === DAYS_PER_PASS,
  };
}

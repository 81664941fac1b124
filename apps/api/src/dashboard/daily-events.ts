import { sql, type SqlQuery } from '../platform/db/sql';

/** One day's figures as daily_totals holds them (migration 0035), as text from SQL. */
export interface DayFigures {
  day: string;
  sales: string;
  purchases: number;
  activations: number;
  referral_paid: string;
  new_members: number;
  deposits_count: number;
  deposits_amount: string;
  withdrawals_paid_count: number;
  withdrawals_paid_amount: string;
  fees: string;
  /** The treasury account's net postings (negative: USDT came in). */
  treasury: string;
}

/** daily_totals' figure columns, in DayFigures' order after `day`. */
export const FIGURE_COLUMNS = sql.raw(
  'sales, purchases, activations, referral_paid, new_members, deposits_count, deposits_amount, withdrawals_paid_count, withdrawals_paid_amount, fees, treasury',
);

/**
 * The figures per UTC day of the events in [from, to) (`to` null: up to now),
 * each event bucketed by the time it became final (migration 0035 says why),
 * every table read through an index on that time: the roll-up reads closed
 * days with it, the dashboard the few rows after the watermark. The same
 * shape as the migration's backfill.
 *
 * `atLeast`, a SQL expression, bounds `from` again at run time: the dashboard
 * passes the watermark's subquery, so that the rows after the watermark are
 * read in the same statement (one snapshot) as the days rolled up to it,
 * while `from` (the watermark read just before, a bound value) lets the
 * planner pick the time indexes for the few rows after it.
 */
export function dailyFigures(from: Date | null, to: Date | null, atLeast?: SqlQuery): SqlQuery {
  const range = (column: string) => {
    const c = sql.raw(column);
    return sql`${from ? sql`AND ${c} >= ${from}` : sql.empty} ${atLeast ? sql`AND ${c} >= ${atLeast}` : sql.empty}
               ${to ? sql`AND ${c} < ${to}` : sql.empty}`;
  };
  return sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(sales)::text AS sales, sum(purchases)::int AS purchases,
       sum(activations)::int AS activations, sum(referral_paid)::text AS referral_paid, sum(new_members)::int AS new_members,
       sum(deposits_count)::int AS deposits_count, sum(deposits_amount)::text AS deposits_amount,
       sum(withdrawals_paid_count)::int AS withdrawals_paid_count, sum(withdrawals_paid_amount)::text AS withdrawals_paid_amount,
       sum(fees)::text AS fees, sum(treasury)::text AS treasury
  FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, price AS sales, 1 AS purchases,
           (kind = 'purchase')::int AS activations, 0 AS referral_paid, 0 AS new_members, 0 AS deposits_count,
           0 AS deposits_amount, 0 AS withdrawals_paid_count, 0 AS withdrawals_paid_amount, 0 AS fees, 0 AS treasury
      FROM purchases WHERE true ${range('created_at')}
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, amount, 0, 0, 0, 0, 0, 0, 0 FROM referral_bonuses WHERE true ${range('created_at')}
    UNION ALL
    SELECT (joined_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0 FROM members
     WHERE sponsor_id IS NOT NULL ${range('joined_at')}
    UNION ALL
    SELECT (credited_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 1, amount, 0, 0, 0, 0 FROM deposits
     WHERE status = 'credited' ${range('credited_at')}
    UNION ALL
    SELECT (paid_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 1, amount, fee, 0 FROM withdrawals
     WHERE status = 'paid' ${range('paid_at')}
    UNION ALL
    SELECT (e.created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, p.amount
      FROM journal_entries e
     -- The entries of the range first, then each one's postings by postings_entry_idx, the treasury's kept: the
     -- fence (OFFSET 0) keeps the planner from reading every posting of the treasury account (a year of deposits
     -- and withdrawals) for each entry, as it does when the account's statistics say it has few.
     CROSS JOIN LATERAL (SELECT p.amount, p.account_id FROM postings p WHERE p.entry_id = e.id OFFSET 0) p
     WHERE p.account_id = (SELECT id FROM ledger_accounts WHERE code = 'treasury' AND kind = 'system') ${range('e.created_at')}
  ) events
 GROUP BY day`;
}

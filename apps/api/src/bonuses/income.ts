import { fromBaseUnits, type IncomeSummaryQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery, type ValueOrColumn } from '../platform/db/sql';
import { betweenDays, where } from '../shared/sql-list';
import { closeDays } from './list';

/** A member's bonus income by type, per day or month, as decimal strings (the Total Income page; the bonus lists are in `list.ts`). */
export async function incomeSummary(db: Sql, query: IncomeSummaryQuery, memberId: number) {
  const { rows } = await db.query<IncomeRow>(incomeRows(query.period, query.from, query.to, memberId));
  const series = incomeSeries(query.period, rows, query.from, query.to);
  const totals = series.reduce(
    (t, s) => ({ referral: t.referral + s.referral, matching: t.matching + s.matching, rank: t.rank + s.rank }),
    { referral: 0n, matching: 0n, rank: 0n },
  );
  return { totals: incomeByKind(totals), series: series.map((s) => ({ period: s.period, ...incomeByKind(s) })) };
}

/** Income by kind in base units as the answers write it (`incomeByKindSchema`): decimal strings and their total. */
export function incomeByKind(income: { referral: bigint; matching: bigint; rank: bigint }) {
  return {
    referral: fromBaseUnits(income.referral),
    matching: fromBaseUnits(income.matching),
    rank: fromBaseUnits(income.rank),
    total: fromBaseUnits(income.referral + income.matching + income.rank),
  };
}

/** A period's income as `incomeRows` reads it (sums as text). */
export interface IncomeRow {
  period: string;
  referral: string;
  matching: string;
  rank: string;
}

/** The statement of `incomeByPeriod`: one row per period with income, in order (the member dashboard embeds it). */
export function incomeRows(
  period: 'day' | 'month',
  from?: string,
  to?: string,
  memberId?: ValueOrColumn<number>,
): SqlQuery {
  return sql`SELECT to_char(date_trunc(${period}, at), CASE ${period}::text WHEN 'month' THEN 'YYYY-MM' ELSE 'YYYY-MM-DD' END) AS period,
               sum(referral)::text AS referral, sum(matching)::text AS matching, sum(rank)::text AS rank
          FROM (${incomeLines(from, to, memberId)}) x
         GROUP BY 1 ORDER BY 1`;
}

/**
 * One member's income of all time by kind, one row (the member dashboard's totals): `incomeRows`' lines summed,
 * without laying them out by period first.
 */
export function incomeTotalsRow(memberId: ValueOrColumn<number>): SqlQuery {
  return sql`SELECT COALESCE(sum(referral), 0)::text AS referral, COALESCE(sum(matching), 0)::text AS matching,
               COALESCE(sum(rank), 0)::text AS rank
          FROM (${incomeLines(undefined, undefined, memberId)}) x`;
}

/** Every income line of one member (or everyone) between two days: whose, when (UTC) and how much of each kind. */
export function incomeLines(from?: string, to?: string, memberId?: ValueOrColumn<number>): SqlQuery {
  const own = memberId !== undefined ? sql`member_id = ${memberId}` : undefined;
  const referralWhere = where(own, ...betweenDays(sql`created_at`, from, to));
  // A close being reviewed has paid nobody yet (migration 0034).
  const matchingWhere = where(
    own,
    ...closeDays(sql`close_date`, from, to),
    sql`close_date NOT IN (SELECT close_date FROM matching_closes_in_review)`,
  );
  // A rank bonus counts on the day it was credited (with a reviewed close: its pay); recorded, not credited yet: not income yet.
  const rankWhere = where(own, ...betweenDays(sql`credited_at`, from, to));
  // A clawback (apps/api/src/refunds/claw-back.ts) takes its referral and matching back on the day of the refund.
  const clawbackWhere = where(own, ...betweenDays(sql`created_at`, from, to));
  return sql`SELECT member_id, created_at AT TIME ZONE 'UTC' AS at, amount AS referral, 0 AS matching, 0 AS rank FROM referral_bonuses ${referralWhere}
            UNION ALL
            SELECT member_id, close_date::timestamp AS at, 0, paid, 0 FROM matching_bonuses ${matchingWhere}
            UNION ALL
            SELECT member_id, credited_at AT TIME ZONE 'UTC' AS at, 0, 0, bonus
              FROM (SELECT a.member_id, a.bonus, e.created_at AS credited_at FROM rank_achievements a JOIN journal_entries e ON e.id = a.entry_id
                     WHERE a.bonus > 0) r ${rankWhere}
            UNION ALL
            SELECT member_id, created_at AT TIME ZONE 'UTC' AS at, -referral, -matching, 0
              FROM (SELECT c.member_id, r.created_at, c.referral, c.matching FROM refund_clawbacks c JOIN purchase_refunds r ON r.id = c.refund_id) k
                   ${clawbackWhere}`;
}

/** `incomeRows`' rows as a series with every period of the range (their total is `incomeByKind`'s). */
export function incomeSeries(period: 'day' | 'month', rows: IncomeRow[], from?: string, to?: string): IncomePeriod[] {
  const found = rows.map((row) => ({
    period: row.period,
    referral: BigInt(row.referral),
    matching: BigInt(row.matching),
    rank: BigInt(row.rank),
  }));
  return everyPeriod(period, found, from, to);
}

/** One period's income by kind, in base units. */
interface IncomePeriod {
  period: string;
  referral: bigint;
  matching: bigint;
  rank: bigint;
}

const DAY_MS = 86_400_000;
/** More periods than this are not filled in (a range of decades by day): the periods with income are answered as they are. */
const MOST_PERIODS = 4_000;

/**
 * Every day (or month) from `from` (or the first with income) to `to` (or the last), those without income at 0:
 * a chart's axis then runs without gaps (Oct 2 is followed by Oct 3, not Oct 12).
 */
function everyPeriod(period: 'day' | 'month', found: IncomePeriod[], from?: string, to?: string): IncomePeriod[] {
  const first = from ? from.slice(0, period === 'day' ? 10 : 7) : found[0]?.period;
  const last = to ? to.slice(0, period === 'day' ? 10 : 7) : found[found.length - 1]?.period;
  if (!first || !last) return found;
  const periods = periodsBetween(period, first, last);
  if (!periods) return found;
  const byPeriod = new Map(found.map((f) => [f.period, f]));
  return periods.map((p) => byPeriod.get(p) ?? { period: p, referral: 0n, matching: 0n, rank: 0n });
}

/** The last ranges laid out: every member dashboard of a day asks for the same 90 days. */
// Module state by choice: a pure memo of `periodsBetween` (the same days for any portal, database or process).
const laidOut = new Map<string, string[] | null>();

/** Every day (or month) from `first` to `last` as the series names them; null past `MOST_PERIODS`. */
function periodsBetween(period: 'day' | 'month', first: string, last: string): readonly string[] | null {
  const key = `${period} ${first} ${last}`;
  const known = laidOut.get(key);
  if (known !== undefined) return known;
  const periods: string[] = [];
  const at = new Date(`${period === 'day' ? first : `${first}-01`}T00:00:00Z`);
  const end = new Date(`${period === 'day' ? last : `${last}-01`}T00:00:00Z`);
  while (at <= end && periods.length <= MOST_PERIODS) {
    periods.push(at.toISOString().slice(0, period === 'day' ? 10 : 7));
    if (period === 'day') at.setTime(at.getTime() + DAY_MS);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  const answer = periods.length > MOST_PERIODS ? null : periods;
  if (laidOut.size >= 64) laidOut.clear();
  laidOut.set(key, answer);
  return answer;
}

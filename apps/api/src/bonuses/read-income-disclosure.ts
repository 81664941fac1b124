import {
  DISCLOSURE_PERCENTILES,
  fromBaseUnits,
  type IncomeDisclosure,
  type IncomeDisclosureQuery,
} from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { endOfDay, startOfDay } from '../shared/sql-list';
import { incomeLines } from './income';

interface DisclosureRow {
  members: number;
  earners: number;
  earned_more: number;
  income: string;
  spent: string;
  percentiles: string[] | null;
  typical_days: number | null;
}

/**
 * The figures in one statement: each member who was in the network by the
 * period's end (not the company's root), their income in the period by the
 * rule of their Total Income page (`incomeLines`, ./income.ts) and their
 * package spending in it; then the percentiles by nearest rank
 * (`percentile_disc`, exact), and the position after the middle for the
 * median (`medianOf`).
 */
function disclosureRow(query: IncomeDisclosureQuery, start: Date, end: Date, asOf: Date) {
  const fractions = DISCLOSURE_PERCENTILES.map((p) => (p / 100).toString());
  const counted = sql`m.sponsor_id IS NOT NULL AND m.joined_at < ${end}`;
  // The last fraction finds the upper middle income (position n/2 + 1 of an even n): the median without a window's sort.
  return sql`WITH earned AS (
          SELECT member_id, sum(referral + matching + rank) AS income FROM (${incomeLines(query.from, query.to)}) x GROUP BY member_id),
        spent AS (
          -- A purchase undone (apps/api/src/refunds/) gives its price back on the day it was undone.
          SELECT member_id, sum(price) AS spent
            FROM (SELECT member_id, price FROM purchases WHERE created_at >= ${start} AND created_at < ${end}
                  UNION ALL
                  SELECT p.member_id, -p.price FROM purchase_refunds r JOIN purchases p ON p.id = r.purchase_id
                   WHERE r.created_at >= ${start} AND r.created_at < ${end}) x
           GROUP BY member_id),
        each AS (
          SELECT COALESCE(e.income, 0) AS income, COALESCE(s.spent, 0) AS spent,
                 floor(extract(epoch FROM (${asOf}::timestamptz - m.joined_at)) / 86400)::int AS days
            FROM members m
            LEFT JOIN earned e ON e.member_id = m.user_id
            LEFT JOIN spent s ON s.member_id = m.user_id
           WHERE ${counted})
        SELECT count(*)::int AS members, (count(*) FILTER (WHERE income > 0))::int AS earners,
               (count(*) FILTER (WHERE income > spent))::int AS earned_more,
               COALESCE(sum(income), 0)::text AS income, COALESCE(sum(spent), 0)::text AS spent,
               (percentile_disc(${fractions}::float8[] || (0.5 + 0.5 / GREATEST((SELECT count(*) FROM members m WHERE ${counted}), 1))::float8)
                  WITHIN GROUP (ORDER BY income))::text[] AS percentiles,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY days) AS typical_days
          FROM each`;
}

/**
 * The median from the nearest-rank percentiles: the middle income of an odd
 * count (the 50th percentile), or the mean of the two middle ones, half up.
 */
function medianOf(members: number, percentiles: string[] | null): bigint {
  if (!percentiles) return 0n;
  const lower = BigInt(percentiles[DISCLOSURE_PERCENTILES.indexOf(50)]!);
  if (members % 2 === 1) return lower;
  return (lower + BigInt(percentiles[DISCLOSURE_PERCENTILES.length]!) + 1n) / 2n;
}

/** Half up to the base unit: a mean of base units. */
const meanOf = (total: bigint, count: number) =>
  count === 0 ? 0n : (2n * total + BigInt(count)) / (2n * BigInt(count));

/** `/api/admin/income-disclosure`: what members earned in a period against what they spent, every member counted. */
export async function readIncomeDisclosure(
  db: Sql,
  query: IncomeDisclosureQuery,
  now: Date,
): Promise<IncomeDisclosure> {
  const start = startOfDay(query.from);
  const end = endOfDay(query.to);
  const asOf = end < now ? end : now;
  const { rows } = await db.query<DisclosureRow>(disclosureRow(query, start, end, asOf));
  const row = rows[0]!;
  const income = BigInt(row.income);
  const spent = BigInt(row.spent);
  return {
    from: query.from,
    to: query.to,
    members: row.members,
    earners: row.earners,
    earnedMoreThanSpent: row.earned_more,
    income: {
      total: fromBaseUnits(income),
      mean: fromBaseUnits(meanOf(income, row.members)),
      median: fromBaseUnits(medianOf(row.members, row.percentiles)),
      percentiles: DISCLOSURE_PERCENTILES.map((percentile, i) => ({
        percentile,
        income: fromBaseUnits(BigInt(row.percentiles?.[i] ?? '0')),
      })),
    },
    spent: { total: fromBaseUnits(spent), mean: fromBaseUnits(meanOf(spent, row.members)) },
    typicalDaysInNetwork: Math.max(0, row.typical_days ?? 0),
  };
}

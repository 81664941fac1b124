import { fromBaseUnits, type AdminBonusListQuery, type BonusListQuery, type MatchingBonus, type ReferralBonus } from '@portal/contract';
import type { Sql } from '../db/database';
import { bvText } from '../packages/service';
import { sql, type SqlQuery } from '../db/sql';
import { everyRow } from '../shared/csv';
import { betweenDays, pageClause, where } from '../shared/sql-list';

/**
 * Bonus reports: referral bonuses (one row per upline paid per purchase) and
 * matching bonuses (one row per member per close), for a member or, for
 * admins, everyone (filter by member username).
 */
interface ReferralRow {
  id: number;
  member: string;
  buyer: string;
  purchase_id: number;
  kind: 'purchase' | 'repurchase';
  package_name: string;
  level: number;
  rate: string;
  base: string;
  amount: string;
  created_at: Date;
}

interface MatchingRow {
  close_date: string;
  member_id: number;
  member: string;
  left_volume: string;
  right_volume: string;
  matched: string;
  rate: string;
  earned: string;
  daily_cap: string;
  paid: string;
  flushed: string;
  carry_left: string;
  carry_right: string;
}

export type BonusQuery = BonusListQuery & { member?: string; sort?: AdminBonusListQuery['sort'] };

/** The conditions both bonus lists share: whose (a member's own, or an admin's `member` filter). */
function whose(query: BonusQuery, memberId?: number): Array<SqlQuery | undefined> {
  return [
    memberId !== undefined ? sql`b.member_id = ${memberId}` : undefined,
    query.member ? sql`lower(mu.username) = lower(${query.member})` : undefined,
  ];
}

/** A matching bonus's close date between two optional days, both inclusive. */
function closeDays(column: SqlQuery, from?: string, to?: string): Array<SqlQuery | undefined> {
  return [from ? sql`${column} >= ${from}::date` : undefined, to ? sql`${column} <= ${to}::date` : undefined];
}

const referralFilter = (query: BonusQuery, memberId?: number) => where(...whose(query, memberId), ...betweenDays(sql`b.created_at`, query.from, query.to));
const matchingFilter = (query: BonusQuery, memberId?: number) => where(...whose(query, memberId), ...closeDays(sql`b.close_date`, query.from, query.to));

const REFERRAL_FROM = sql`referral_bonuses b JOIN users mu ON mu.id = b.member_id JOIN users bu ON bu.id = b.buyer_id
  JOIN purchases p ON p.id = b.purchase_id JOIN packages k ON k.id = p.package_id`;
const MATCHING_FROM = sql`matching_bonuses b JOIN users mu ON mu.id = b.member_id`;

/**
 * The filtered list's size and the sum paid. Everyone's matching bonuses
 * (500,000 records a day on a 1M network) are counted from the closes'
 * own totals, which are the same figures; a member's from their index. Only
 * the join the filter needs is made.
 */
export async function countBonuses(db: Sql, query: BonusQuery, memberId?: number): Promise<{ total: number; paid: bigint }> {
  let statement: SqlQuery;
  if (query.type === 'matching' && memberId === undefined && !query.member) {
    statement = sql`SELECT COALESCE(sum(members), 0)::int AS total, COALESCE(sum(paid), 0)::text AS paid
                      FROM matching_closes ${where(...closeDays(sql`close_date`, query.from, query.to))}`;
  } else {
    const referral = query.type === 'referral';
    const filter = referral ? referralFilter(query, memberId) : matchingFilter(query, memberId);
    const table = referral ? sql`referral_bonuses b` : sql`matching_bonuses b`;
    const paid = referral ? sql`b.amount` : sql`b.paid`;
    statement = sql`SELECT count(*)::int AS total, COALESCE(sum(${paid}), 0)::text AS paid
                      FROM ${table} ${query.member ? sql`JOIN users mu ON mu.id = b.member_id` : sql.empty} ${filter}`;
  }
  const { rows } = await db.query<{ total: number; paid: string }>(statement);
  return { total: rows[0]!.total, paid: BigInt(rows[0]!.paid) };
}

/** Every referral bonus of the filtered list, for CSV: in date order (by id) from the last row read, otherwise by offset. */
export function allReferralBonuses(db: Sql, query: BonusQuery, size = 1000): AsyncGenerator<ReferralBonus> {
  const byDate = query.sort === undefined || query.sort === 'date' || query.sort === '-date';
  return everyRow((window, after: ReferralBonus | undefined) => listReferralBonuses(db, query, window, undefined, after?.id), byDate, size);
}

const REFERRAL_ORDERS = { amount: 'b.amount, b.id', '-amount': 'b.amount DESC, b.id DESC', date: 'b.id', '-date': 'b.id DESC' } as const;

export async function listReferralBonuses(
  db: Sql,
  query: BonusQuery,
  window: { limit: number; offset: number },
  memberId?: number,
  /** In date order only: the rows after this id. */
  afterId?: number,
): Promise<ReferralBonus[]> {
  const after = afterId === undefined ? undefined : query.sort === 'date' ? sql`b.id > ${afterId}` : sql`b.id < ${afterId}`;
  const filter = where(...whose(query, memberId), ...betweenDays(sql`b.created_at`, query.from, query.to), after);
  const { rows } = await db.query<ReferralRow>(
    sql`SELECT b.id, mu.username AS member, bu.username AS buyer, b.purchase_id, p.kind, k.name AS package_name, b.level, b.rate,
               b.base::text AS base, b.amount::text AS amount, b.created_at
          FROM ${REFERRAL_FROM} ${filter}
         ORDER BY ${sql.raw(REFERRAL_ORDERS[query.sort ?? '-date'])} ${pageClause(window)}`,
  );
  return rows.map((row) => ({
    id: row.id,
    member: row.member,
    buyer: row.buyer,
    purchaseId: row.purchase_id,
    purchaseKind: row.kind,
    packageName: row.package_name,
    level: row.level,
    rate: row.rate,
    base: fromBaseUnits(BigInt(row.base)),
    amount: fromBaseUnits(BigInt(row.amount)),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function listMatchingBonuses(db: Sql, query: BonusQuery, window: { limit: number; offset: number }, memberId?: number): Promise<MatchingBonus[]> {
  return (await matchingRows(db, query, window, memberId)).map(toMatchingBonus);
}

/**
 * Every matching record of the filtered list, for CSV. In date order (either
 * way) it walks the primary key from the last row read, so a day of 500,000
 * records costs the same per batch from first to last; the amount orders
 * page by offset.
 */
export async function* allMatchingBonuses(db: Sql, query: BonusQuery, size = 1000): AsyncGenerator<MatchingBonus> {
  const byDate = query.sort === undefined || query.sort === 'date' || query.sort === '-date';
  const key = (row: MatchingRow | undefined) => row && { date: row.close_date, memberId: Number(row.member_id) };
  const rows = everyRow((window, after: MatchingRow | undefined) => matchingRows(db, query, window, undefined, key(after)), byDate, size);
  for await (const row of rows) yield toMatchingBonus(row);
}

// Date orders follow the primary key (close_date, member_id), either way, so a page never sorts a day's records.
const MATCHING_ORDERS = {
  amount: 'b.paid, b.close_date, b.member_id',
  '-amount': 'b.paid DESC, b.close_date DESC, b.member_id DESC',
  date: 'b.close_date, b.member_id',
  '-date': 'b.close_date DESC, b.member_id DESC',
} as const;

async function matchingRows(
  db: Sql,
  query: BonusQuery,
  window: { limit: number; offset: number },
  memberId?: number,
  after?: { date: string; memberId: number },
): Promise<MatchingRow[]> {
  const key = after && sql`(${after.date}::date, ${after.memberId}::bigint)`;
  const afterKey = key && (query.sort === 'date' ? sql`(b.close_date, b.member_id) > ${key}` : sql`(b.close_date, b.member_id) < ${key}`);
  const filter = where(...whose(query, memberId), ...closeDays(sql`b.close_date`, query.from, query.to), afterKey);
  const { rows } = await db.query<MatchingRow>(
    sql`SELECT to_char(b.close_date, 'YYYY-MM-DD') AS close_date, b.member_id, mu.username AS member, b.left_volume::text AS left_volume, b.right_volume::text AS right_volume,
               b.matched::text AS matched, b.rate, b.earned::text AS earned, b.daily_cap::text AS daily_cap, b.paid::text AS paid,
               b.flushed::text AS flushed, b.carry_left::text AS carry_left, b.carry_right::text AS carry_right
          FROM ${MATCHING_FROM} ${filter}
         ORDER BY ${sql.raw(MATCHING_ORDERS[query.sort ?? '-date'])} ${pageClause(window)}`,
  );
  return rows;
}

function toMatchingBonus(row: MatchingRow): MatchingBonus {
  return {
    closeDate: row.close_date,
    member: row.member,
    leftVolume: bvText(row.left_volume),
    rightVolume: bvText(row.right_volume),
    matched: bvText(row.matched),
    rate: row.rate,
    earned: fromBaseUnits(BigInt(row.earned)),
    dailyCap: fromBaseUnits(BigInt(row.daily_cap)),
    paid: fromBaseUnits(BigInt(row.paid)),
    flushed: fromBaseUnits(BigInt(row.flushed)),
    carryLeft: bvText(row.carry_left),
    carryRight: bvText(row.carry_right),
  };
}

/** Referral and matching income of one member (or everyone), by day or month. */
export async function incomeByPeriod(db: Sql, period: 'day' | 'month', from?: string, to?: string, memberId?: number) {
  const own = memberId !== undefined ? sql`member_id = ${memberId}` : undefined;
  const referralWhere = where(own, ...betweenDays(sql`created_at`, from, to));
  const matchingWhere = where(own, ...closeDays(sql`close_date`, from, to));
  const { rows } = await db.query<{ period: string; referral: string; matching: string }>(
    sql`SELECT to_char(p, CASE ${period}::text WHEN 'month' THEN 'YYYY-MM' ELSE 'YYYY-MM-DD' END) AS period,
               sum(referral)::text AS referral, sum(matching)::text AS matching
          FROM (
            SELECT date_trunc(${period}, created_at AT TIME ZONE 'UTC') AS p, amount AS referral, 0 AS matching FROM referral_bonuses ${referralWhere}
            UNION ALL
            SELECT date_trunc(${period}, close_date::timestamp) AS p, 0, paid FROM matching_bonuses ${matchingWhere}
          ) x
         GROUP BY p ORDER BY p`,
  );
  const series = rows.map((row) => {
    const referral = BigInt(row.referral);
    const matching = BigInt(row.matching);
    return { period: row.period, referral, matching, total: referral + matching };
  });
  const totals = series.reduce((t, s) => ({ referral: t.referral + s.referral, matching: t.matching + s.matching }), { referral: 0n, matching: 0n });
  return { series, totals: { ...totals, total: totals.referral + totals.matching } };
}

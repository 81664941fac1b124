import { fromBaseUnits, type AdminBonusListQuery, type BonusListQuery, type MatchingBonus, type ReferralBonus } from '@portal/contract';
import type { Sql } from '../db/database';
import { bvText } from '../packages/service';
import { everyRow } from '../shared/csv';
import { SqlFilter, endOfDay, startOfDay, whereDays } from '../shared/sql-filter';

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

function referralFilter(query: BonusQuery, memberId?: number): SqlFilter {
  const filter = new SqlFilter();
  if (memberId !== undefined) filter.where(`b.member_id = ${filter.param(memberId)}`);
  if (query.member) filter.where(`lower(mu.username) = lower(${filter.param(query.member)})`);
  whereDays(filter, 'b.created_at', query.from, query.to);
  return filter;
}

function matchingFilter(query: BonusQuery, memberId?: number): SqlFilter {
  const filter = new SqlFilter();
  if (memberId !== undefined) filter.where(`b.member_id = ${filter.param(memberId)}`);
  if (query.member) filter.where(`lower(mu.username) = lower(${filter.param(query.member)})`);
  if (query.from) filter.where(`b.close_date >= ${filter.param(query.from)}::date`);
  if (query.to) filter.where(`b.close_date <= ${filter.param(query.to)}::date`);
  return filter;
}

const REFERRAL_FROM = `referral_bonuses b JOIN users mu ON mu.id = b.member_id JOIN users bu ON bu.id = b.buyer_id
  JOIN purchases p ON p.id = b.purchase_id JOIN packages k ON k.id = p.package_id`;
const MATCHING_FROM = 'matching_bonuses b JOIN users mu ON mu.id = b.member_id';

/**
 * The filtered list's size and the sum paid. Everyone's matching bonuses
 * (500,000 records a day on a 1M network) are counted from the closes'
 * own totals, which are the same figures; a member's from their index. Only
 * the join the filter needs is made.
 */
export async function countBonuses(sql: Sql, query: BonusQuery, memberId?: number): Promise<{ total: number; paid: bigint }> {
  let text: string;
  let params: unknown[];
  if (query.type === 'matching' && memberId === undefined && !query.member) {
    const filter = new SqlFilter();
    if (query.from) filter.where(`close_date >= ${filter.param(query.from)}::date`);
    if (query.to) filter.where(`close_date <= ${filter.param(query.to)}::date`);
    text = `SELECT COALESCE(sum(members), 0)::int AS total, COALESCE(sum(paid), 0)::text AS paid FROM matching_closes ${filter.sql}`;
    params = filter.params;
  } else {
    const referral = query.type === 'referral';
    const filter = referral ? referralFilter(query, memberId) : matchingFilter(query, memberId);
    text = `SELECT count(*)::int AS total, COALESCE(sum(b.${referral ? 'amount' : 'paid'}), 0)::text AS paid
              FROM ${referral ? 'referral_bonuses' : 'matching_bonuses'} b ${query.member ? 'JOIN users mu ON mu.id = b.member_id' : ''} ${filter.sql}`;
    params = filter.params;
  }
  const { rows } = await sql.query<{ total: number; paid: string }>(text, params);
  return { total: rows[0]!.total, paid: BigInt(rows[0]!.paid) };
}

/** Every referral bonus of the filtered list, for CSV: in date order (by id) from the last row read, otherwise by offset. */
export function allReferralBonuses(sql: Sql, query: BonusQuery, size = 1000): AsyncGenerator<ReferralBonus> {
  const byDate = query.sort === undefined || query.sort === 'date' || query.sort === '-date';
  return everyRow((window, after: ReferralBonus | undefined) => listReferralBonuses(sql, query, window, undefined, after?.id), byDate, size);
}

export async function listReferralBonuses(
  sql: Sql,
  query: BonusQuery,
  window: { limit: number; offset: number },
  memberId?: number,
  /** In date order only: the rows after this id. */
  afterId?: number,
): Promise<ReferralBonus[]> {
  const filter = referralFilter(query, memberId);
  if (afterId !== undefined) filter.where(`b.id ${query.sort === 'date' ? '>' : '<'} ${filter.param(afterId)}`);
  const order = query.sort === 'amount' ? 'b.amount, b.id' : query.sort === '-amount' ? 'b.amount DESC, b.id DESC' : query.sort === 'date' ? 'b.id' : 'b.id DESC';
  const { rows } = await sql.query<ReferralRow>(
    `SELECT b.id, mu.username AS member, bu.username AS buyer, b.purchase_id, p.kind, k.name AS package_name, b.level, b.rate,
            b.base::text AS base, b.amount::text AS amount, b.created_at
       FROM ${REFERRAL_FROM} ${filter.sql}
      ORDER BY ${order} LIMIT ${filter.param(window.limit)} OFFSET ${filter.param(window.offset)}`,
    filter.params,
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

export async function listMatchingBonuses(sql: Sql, query: BonusQuery, window: { limit: number; offset: number }, memberId?: number): Promise<MatchingBonus[]> {
  return (await matchingRows(sql, query, window, memberId)).map(toMatchingBonus);
}

/**
 * Every matching record of the filtered list, for CSV. In date order (either
 * way) it walks the primary key from the last row read, so a day of 500,000
 * records costs the same per batch from first to last; the amount orders
 * page by offset.
 */
export async function* allMatchingBonuses(sql: Sql, query: BonusQuery, size = 1000): AsyncGenerator<MatchingBonus> {
  const byDate = query.sort === undefined || query.sort === 'date' || query.sort === '-date';
  const key = (row: MatchingRow | undefined) => row && { date: row.close_date, memberId: Number(row.member_id) };
  const rows = everyRow((window, after: MatchingRow | undefined) => matchingRows(sql, query, window, undefined, key(after)), byDate, size);
  for await (const row of rows) yield toMatchingBonus(row);
}

async function matchingRows(
  sql: Sql,
  query: BonusQuery,
  window: { limit: number; offset: number },
  memberId?: number,
  after?: { date: string; memberId: number },
): Promise<MatchingRow[]> {
  const filter = matchingFilter(query, memberId);
  const ascending = query.sort === 'date';
  if (after) filter.where(`(b.close_date, b.member_id) ${ascending ? '>' : '<'} (${filter.param(after.date)}::date, ${filter.param(after.memberId)}::bigint)`);
  const order =
    // Date orders follow the primary key (close_date, member_id), either way, so a page never sorts a day's records.
    query.sort === 'amount' ? 'b.paid, b.close_date, b.member_id' : query.sort === '-amount' ? 'b.paid DESC, b.close_date DESC, b.member_id DESC' : ascending ? 'b.close_date, b.member_id' : 'b.close_date DESC, b.member_id DESC';
  const { rows } = await sql.query<MatchingRow>(
    `SELECT to_char(b.close_date, 'YYYY-MM-DD') AS close_date, b.member_id, mu.username AS member, b.left_volume::text AS left_volume, b.right_volume::text AS right_volume,
            b.matched::text AS matched, b.rate, b.earned::text AS earned, b.daily_cap::text AS daily_cap, b.paid::text AS paid,
            b.flushed::text AS flushed, b.carry_left::text AS carry_left, b.carry_right::text AS carry_right
       FROM ${MATCHING_FROM} ${filter.sql}
      ORDER BY ${order} LIMIT ${filter.param(window.limit)} OFFSET ${filter.param(window.offset)}`,
    filter.params,
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
export async function incomeByPeriod(sql: Sql, period: 'day' | 'month', from?: string, to?: string, memberId?: number) {
  const params: unknown[] = [period];
  const where = (column: string, isDate: boolean) => {
    const clauses: string[] = [];
    if (memberId !== undefined) {
      params.push(memberId);
      clauses.push(`member_id = $${params.length}`);
    }
    if (from) {
      params.push(isDate ? from : startOfDay(from));
      clauses.push(`${column} >= $${params.length}${isDate ? '::date' : ''}`);
    }
    if (to) {
      params.push(isDate ? to : endOfDay(to));
      clauses.push(`${column} ${isDate ? '<=' : '<'} $${params.length}${isDate ? '::date' : ''}`);
    }
    return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  };
  const referralWhere = where('created_at', false);
  const matchingWhere = where('close_date', true);
  const { rows } = await sql.query<{ period: string; referral: string; matching: string }>(
    `SELECT to_char(p, CASE $1 WHEN 'month' THEN 'YYYY-MM' ELSE 'YYYY-MM-DD' END) AS period,
            sum(referral)::text AS referral, sum(matching)::text AS matching
       FROM (
         SELECT date_trunc($1, created_at AT TIME ZONE 'UTC') AS p, amount AS referral, 0 AS matching FROM referral_bonuses ${referralWhere}
         UNION ALL
         SELECT date_trunc($1, close_date::timestamp) AS p, 0, paid FROM matching_bonuses ${matchingWhere}
       ) x
      GROUP BY p ORDER BY p`,
    params,
  );
  const series = rows.map((row) => {
    const referral = BigInt(row.referral);
    const matching = BigInt(row.matching);
    return { period: row.period, referral, matching, total: referral + matching };
  });
  const totals = series.reduce((t, s) => ({ referral: t.referral + s.referral, matching: t.matching + s.matching }), { referral: 0n, matching: 0n });
  return { series, totals: { ...totals, total: totals.referral + totals.matching } };
}

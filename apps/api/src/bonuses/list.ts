import {
  fromBaseUnits,
  type AdminBonusListQuery,
  type BonusListQuery,
  type MatchingBonus,
  type PageQuery,
  type ReferralBonus,
} from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { bvText } from '../shared/bv';
import { sql, type SqlQuery } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import type { ListAnswer, ListPage } from '../shared/list-reply';
import { betweenDays, where } from '../shared/sql-list';

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

/** One member's matching record of one close, as `matching_bonuses` holds it (volumes as BV text, money as base units). */
export interface MatchingFigures {
  close_date: string;
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

interface MatchingRow extends MatchingFigures {
  member_id: number;
  member: string;
  in_review: boolean;
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
export function closeDays(column: SqlQuery, from?: string, to?: string): Array<SqlQuery | undefined> {
  return [from ? sql`${column} >= ${from}::date` : undefined, to ? sql`${column} <= ${to}::date` : undefined];
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
    state: row.in_review ? 'in_review' : 'paid',
  };
}

const REFERRAL_CSV: CsvColumn<ReferralBonus>[] = [
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Member', value: (r) => r.member },
  { header: 'Buyer', value: (r) => r.buyer },
  { header: 'Purchase', value: (r) => r.purchaseId, raw: true },
  { header: 'Kind', value: (r) => r.purchaseKind },
  { header: 'Package', value: (r) => r.packageName },
  { header: 'Level', value: (r) => r.level, raw: true },
  { header: 'Rate %', value: (r) => r.rate, raw: true },
  { header: 'Price', value: (r) => r.base, raw: true },
  { header: 'Amount', value: (r) => r.amount, raw: true },
];
const MATCHING_CSV: CsvColumn<MatchingBonus>[] = [
  { header: 'Close date', value: (r) => r.closeDate },
  { header: 'Member', value: (r) => r.member },
  { header: 'Left', value: (r) => r.leftVolume, raw: true },
  { header: 'Right', value: (r) => r.rightVolume, raw: true },
  { header: 'Matched', value: (r) => r.matched, raw: true },
  { header: 'Rate %', value: (r) => r.rate, raw: true },
  { header: 'Earned', value: (r) => r.earned, raw: true },
  { header: 'Daily cap', value: (r) => r.dailyCap, raw: true },
  { header: 'Paid', value: (r) => r.paid, raw: true },
  { header: 'Flushed', value: (r) => r.flushed, raw: true },
  { header: 'Carry left', value: (r) => r.carryLeft, raw: true },
  { header: 'Carry right', value: (r) => r.carryRight, raw: true },
  // `in_review`: the close is being reviewed and "Paid" is what its pay will credit (docs/plan.md, "A close to review").
  { header: 'State', value: (r) => r.state },
];

/** What a bonus page tells beside its rows: which bonuses, and the filtered list's total paid. */
export type BonusTotals = { type: BonusQuery['type']; totalPaid: string };

/** The filtered list's size and the sum paid (`paid`, a column of `b`), read from `counted`. */
async function sumPaid(
  db: Sql,
  counted: SqlQuery,
  paid: string,
  filter: { where: ListFilter<never>['where'] },
  type: BonusQuery['type'],
): Promise<{ total: number; extra: BonusTotals }> {
  const { rows } = await db.query<{ total: number; paid: string }>(
    sql`SELECT count(*)::int AS total, COALESCE(sum(${sql.raw(paid)}), 0)::text AS paid FROM ${counted} ${where(...filter.where)}`,
  );
  return { total: rows[0]!.total, extra: { type, totalPaid: fromBaseUnits(BigInt(rows[0]!.paid)) } };
}

const byDate = (query: BonusQuery) => query.sort === undefined || query.sort === 'date' || query.sort === '-date';

// The member's user is joined for the `member` filter only: PostgreSQL leaves an unused LEFT JOIN out of the count.
const REFERRAL_COUNTED = sql`referral_bonuses b LEFT JOIN users mu ON mu.id = b.member_id`;

/** Referral bonuses, newest first by default; in date order the id is the order, so the CSV reads from the last row. */
const REFERRALS = defineList({
  select: sql`SELECT b.id, mu.username AS member, bu.username AS buyer, b.purchase_id, p.kind, k.name AS package_name, b.level, b.rate,
         b.base::text AS base, b.amount::text AS amount, b.created_at
    FROM referral_bonuses b JOIN users mu ON mu.id = b.member_id JOIN users bu ON bu.id = b.buyer_id
    JOIN purchases p ON p.id = b.purchase_id JOIN packages k ON k.id = p.package_id`,
  counted: REFERRAL_COUNTED,
  sorts: { date: 'b.id', amount: 'b.amount' },
  tieBreaker: 'b.id',
  keyOf: (row: ReferralRow) => row.id,
  toItem: (row: ReferralRow): ReferralBonus => ({
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
  }),
  csv: { name: 'referral-bonuses', columns: REFERRAL_CSV },
  summary: (db, filter) => sumPaid(db, REFERRAL_COUNTED, 'b.amount', filter, 'referral'),
});

const referralFilter = (query: BonusQuery, memberId?: number): ListFilter<ReferralRow> => ({
  where: [...whose(query, memberId), ...betweenDays(sql`b.created_at`, query.from, query.to)],
  sort: query.sort ?? '-date',
});

const MATCHING_COUNTED = sql`matching_bonuses b LEFT JOIN users mu ON mu.id = b.member_id`;
/** A record of a close being reviewed is not paid yet: it counts in the list, not in what was paid (migration 0034). */
const MATCHING_PAID = `CASE WHEN b.close_date IN (SELECT close_date FROM matching_closes_in_review) THEN 0 ELSE b.paid END`;

/**
 * Matching records, one per member per close. Date orders follow the primary
 * key (close_date, member_id), either way, so a page never sorts a day's
 * records and the CSV walks the key from the last row read: a day of 500,000
 * records costs the same per batch from first to last. Everyone's records
 * are counted from the closes' own totals, which are the same figures.
 */
const MATCHING = defineList({
  select: sql`SELECT to_char(b.close_date, 'YYYY-MM-DD') AS close_date, b.member_id, mu.username AS member, b.left_volume::text AS left_volume,
         b.right_volume::text AS right_volume, b.matched::text AS matched, b.rate, b.earned::text AS earned, b.daily_cap::text AS daily_cap,
         b.paid::text AS paid, b.flushed::text AS flushed, b.carry_left::text AS carry_left, b.carry_right::text AS carry_right,
         b.close_date IN (SELECT close_date FROM matching_closes_in_review) AS in_review
    FROM matching_bonuses b JOIN users mu ON mu.id = b.member_id`,
  counted: MATCHING_COUNTED,
  sorts: { date: 'b.close_date', amount: ['b.paid', 'b.close_date'] },
  tieBreaker: 'b.member_id',
  toItem: toMatchingBonus,
  csv: { name: 'matching-bonuses', columns: MATCHING_CSV },
  async summary(db, filter): Promise<{ total: number; extra: BonusTotals }> {
    const everyone = (filter as MatchingFilter).everyone;
    if (!everyone) return sumPaid(db, MATCHING_COUNTED, MATCHING_PAID, filter, 'matching');
    const { from, to } = everyone;
    const { rows } = await db.query<{ total: number; paid: string }>(
      sql`SELECT COALESCE(sum(members), 0)::int AS total,
                 COALESCE(sum(paid) FILTER (WHERE close_date NOT IN (SELECT close_date FROM matching_closes_in_review)), 0)::text AS paid
            FROM matching_closes ${where(...closeDays(sql`close_date`, from, to))}`,
    );
    return { total: rows[0]!.total, extra: { type: 'matching', totalPaid: fromBaseUnits(BigInt(rows[0]!.paid)) } };
  },
});

function matchingFilter(query: BonusQuery, memberId?: number): MatchingFilter {
  const descending = query.sort !== 'date';
  return {
    where: [...whose(query, memberId), ...closeDays(sql`b.close_date`, query.from, query.to)],
    sort: query.sort ?? '-date',
    after: byDate(query)
      ? (row) =>
          sql`(b.close_date, b.member_id) ${sql.raw(descending ? '<' : '>')} (${row.close_date}::date, ${row.member_id}::bigint)`
      : undefined,
    everyone: memberId === undefined && !query.member ? { from: query.from, to: query.to } : undefined,
  };
}

/** A matching list's request; `everyone` when no member is chosen, so the count comes from the closes. */
type MatchingFilter = ListFilter<MatchingRow> & { everyone?: { from?: string; to?: string } };

/** A page of referral or matching bonuses, with the filtered list's total paid; a member's own when `memberId` is given. */
export function bonusPage(
  db: Sql,
  query: BonusQuery & PageQuery,
  memberId?: number,
): Promise<ListPage<ReferralBonus | MatchingBonus, BonusTotals>> {
  return query.type === 'referral'
    ? REFERRALS.page(db, referralFilter(query, memberId), query)
    : MATCHING.page(db, matchingFilter(query, memberId), query);
}

/** Everyone's referral or matching bonuses: a page, or with `format=csv` the whole filtered list. */
export function bonusList(
  db: Sql,
  query: AdminBonusListQuery,
  now: Date,
): Promise<ListAnswer<ReferralBonus | MatchingBonus, BonusTotals>> {
  return query.type === 'referral'
    ? REFERRALS.answer(db, referralFilter(query), query, now)
    : MATCHING.answer(db, matchingFilter(query), query, now);
}

/** Every referral bonus of the filtered list, in its order (the CSV's lines). */
export const allReferralBonuses = (db: Sql, query: BonusQuery, size = 1000) =>
  REFERRALS.every(db, referralFilter(query), size);

/** Every matching record of the filtered list, in its order (the CSV's lines). */
export const allMatchingBonuses = (db: Sql, query: BonusQuery, size = 1000) =>
  MATCHING.every(db, matchingFilter(query), size);

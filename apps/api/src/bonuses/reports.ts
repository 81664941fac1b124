import { fromBaseUnits, type AdminBonusListQuery, type IncomeSummaryQuery, type MatchingBonus, type ReferralBonus } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { pageWindow } from '../shared/pagination';
import type { CsvColumn } from '../shared/csv';
import { csvFile, listPage, type ListAnswer, type ListPage } from '../shared/list-reply';
import { allMatchingBonuses, allReferralBonuses, countBonuses, incomeByPeriod, listMatchingBonuses, listReferralBonuses, type BonusQuery } from './service';

/** The use cases behind the bonus routes: a page of bonuses (or everyone's as CSV), the income summary. */

type BonusItem = ReferralBonus | MatchingBonus;
/** What a bonus page tells beside its rows: which bonuses, and the filtered list's total paid. */
type BonusTotals = { type: BonusQuery['type']; totalPaid: string };

/** A page of referral or matching bonuses, with the filtered list's total paid; a member's own when `memberId` is given. */
export async function bonusPage(db: Sql, query: BonusQuery & { page: number; pageSize: number }, memberId?: number): Promise<ListPage<BonusItem, BonusTotals>> {
  const window = pageWindow(query);
  const { total, paid } = await countBonuses(db, query, memberId);
  const items =
    query.type === 'referral' ? await listReferralBonuses(db, query, window, memberId) : await listMatchingBonuses(db, query, window, memberId);
  return listPage<BonusItem, BonusTotals>(items, total, query, { type: query.type, totalPaid: fromBaseUnits(paid) });
}

/** A member's bonus income by type, per day or month, as decimal strings. */
export async function incomeSummary(db: Sql, query: IncomeSummaryQuery, memberId: number) {
  const { series, totals } = await incomeByPeriod(db, query.period, query.from, query.to, memberId);
  return {
    totals: { referral: fromBaseUnits(totals.referral), matching: fromBaseUnits(totals.matching), total: fromBaseUnits(totals.total) },
    series: series.map((s) => ({ period: s.period, referral: fromBaseUnits(s.referral), matching: fromBaseUnits(s.matching), total: fromBaseUnits(s.total) })),
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
];

/** Everyone's referral or matching bonuses: a page, or with `format=csv` the whole filtered list. */
export async function bonusList(ctx: AppContext, query: AdminBonusListQuery): Promise<ListAnswer<BonusItem, BonusTotals>> {
  if (query.format !== 'csv') return bonusPage(ctx.db, query);
  return query.type === 'referral'
    ? csvFile('referral-bonuses', ctx.now(), REFERRAL_CSV, allReferralBonuses(ctx.db, query))
    : csvFile('matching-bonuses', ctx.now(), MATCHING_CSV, allMatchingBonuses(ctx.db, query));
}

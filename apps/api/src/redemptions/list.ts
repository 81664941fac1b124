import type { Redemption, RedemptionAdminListQuery, RedemptionListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays, containsPattern } from '../shared/sql-list';
import { REDEMPTION_SELECT, toRedemption, type RedemptionRow } from './rows';

/** The redemption lists: a member's own history, and the admins' approval list and its CSV. */

const SORTS = { createdAt: 'r.id', points: 'r.points', decidedAt: 'r.decided_at' } as const;

type AdminFilter = Omit<RedemptionAdminListQuery, 'page' | 'pageSize' | 'format'>;

function adminFilterOf(query: AdminFilter): ListFilter<RedemptionRow> {
  const pattern = query.search && containsPattern(query.search);
  return {
    where: [
      query.status === 'decided'
        ? sql`r.status <> 'pending'`
        : query.status
          ? sql`r.status = ${query.status}`
          : undefined,
      pattern
        ? sql`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR r.product_name ILIKE ${pattern})`
        : undefined,
      ...betweenDays(sql`r.created_at`, query.from, query.to),
    ],
    sort: query.sort,
  };
}

/** A member's own redemptions, a page at a time. */
export function memberRedemptions(
  ctx: AppContext,
  memberId: number,
  query: RedemptionListQuery,
): Promise<ListAnswer<Redemption>> {
  const where = [
    sql`r.member_id = ${memberId}`,
    query.status ? sql`r.status = ${query.status}` : undefined,
    ...betweenDays(sql`r.created_at`, query.from, query.to),
  ];
  return REDEMPTIONS.page(ctx.db, { where, sort: query.sort }, query);
}

const CSV_COLUMNS: CsvColumn<Redemption>[] = [
  { header: 'id', value: (r) => r.id, raw: true },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'member', value: (r) => r.member.username },
  { header: 'full_name', value: (r) => r.member.fullName },
  { header: 'product', value: (r) => r.product.name },
  { header: 'quantity', value: (r) => r.quantity, raw: true },
  { header: 'unit_price_points', value: (r) => r.unitPrice, raw: true },
  { header: 'points', value: (r) => r.points, raw: true },
  { header: 'delivery_address', value: (r) => r.deliveryAddress },
  { header: 'status', value: (r) => r.status },
  { header: 'reason', value: (r) => r.reason },
  { header: 'decided_by', value: (r) => r.decidedBy },
  { header: 'decided_at', value: (r) => r.decidedAt },
  { header: 'entry_id', value: (r) => r.entryId, raw: true },
  { header: 'refund_entry_id', value: (r) => r.refundEntryId, raw: true },
];

const REDEMPTIONS = defineList({
  select: REDEMPTION_SELECT,
  counted: sql`redemptions r JOIN users u ON u.id = r.member_id`,
  sorts: SORTS,
  tieBreaker: 'r.id',
  keyOf: (row) => row.id,
  toItem: toRedemption,
  csv: { name: 'redemptions', columns: CSV_COLUMNS },
});

/** Every redemption: a page, or with `format=csv` the whole filtered list in the same order. */
export function adminRedemptions(ctx: AppContext, query: RedemptionAdminListQuery): Promise<ListAnswer<Redemption>> {
  return REDEMPTIONS.answer(ctx.db, adminFilterOf(query), query, ctx.now());
}

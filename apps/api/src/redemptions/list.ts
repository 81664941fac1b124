import type { Redemption, RedemptionAdminListQuery, RedemptionListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { sql, type SqlQuery } from '../db/sql';
import { everyRow, type CsvColumn } from '../shared/csv';
import { csvFile, listPage, type ListAnswer } from '../shared/list-reply';
import { pageWindow } from '../shared/pagination';
import { betweenDays, containsPattern, orderBy, pageClause, where } from '../shared/sql-list';
import { REDEMPTION_SELECT, toRedemption, type RedemptionRow } from './rows';

/** The redemption lists: a member's own history, and the admins' approval list and its CSV. */

const SORTS = { createdAt: 'r.id', points: 'r.points', decidedAt: 'r.decided_at' } as const;

type AdminFilter = Omit<RedemptionAdminListQuery, 'page' | 'pageSize' | 'format'>;

function adminFilterOf(query: AdminFilter): SqlQuery {
  const pattern = query.search && containsPattern(query.search);
  return where(
    query.status === 'decided' ? sql`r.status <> 'pending'` : query.status ? sql`r.status = ${query.status}` : undefined,
    pattern ? sql`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR r.product_name ILIKE ${pattern})` : undefined,
    ...betweenDays(sql`r.created_at`, query.from, query.to),
  );
}

async function selectRedemptions(db: Sql, filter: SqlQuery, sort: string, window: { limit: number; offset: number }): Promise<Redemption[]> {
  const { rows } = await db.query<RedemptionRow>(sql`${REDEMPTION_SELECT} ${filter} ${orderBy(sort, SORTS, 'r.id')} ${pageClause(window)}`);
  return rows.map(toRedemption);
}

async function countRedemptions(db: Sql, filter: SqlQuery): Promise<number> {
  const { rows } = await db.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM redemptions r JOIN users u ON u.id = r.member_id ${filter}`);
  return rows[0]!.total;
}

async function redemptionPage(db: Sql, filter: SqlQuery, query: { sort: string; page: number; pageSize: number }) {
  const [total, items] = await Promise.all([countRedemptions(db, filter), selectRedemptions(db, filter, query.sort, pageWindow(query))]);
  return listPage(items, total, query);
}

/** A member's own redemptions, a page at a time. */
export function memberRedemptions(ctx: AppContext, memberId: number, query: RedemptionListQuery): Promise<ListAnswer<Redemption>> {
  const filter = where(sql`r.member_id = ${memberId}`, query.status ? sql`r.status = ${query.status}` : undefined, ...betweenDays(sql`r.created_at`, query.from, query.to));
  return redemptionPage(ctx.db, filter, query);
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

/** Every redemption: a page, or with `format=csv` the whole filtered list in the same order. */
export async function adminRedemptions(ctx: AppContext, query: RedemptionAdminListQuery): Promise<ListAnswer<Redemption>> {
  const filter = adminFilterOf(query);
  if (query.format !== 'csv') return redemptionPage(ctx.db, filter, query);
  return csvFile('redemptions', ctx.now(), CSV_COLUMNS, everyRow((window) => selectRedemptions(ctx.db, filter, query.sort, window), false));
}

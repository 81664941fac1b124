import { toBaseUnits, type AdminPurchase, type AdminPurchaseListQuery } from '@portal/contract';
import { readSettings } from '../settings/in-force';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays, containsPattern } from '../shared/sql-list';
import { purchaseItem } from './answer';
import type { PurchaseRow } from './list';

interface AdminPurchaseRow extends PurchaseRow {
  member_id: number;
  username: string;
  reason: string | null;
  requested_by: number | null;
  requested_by_name: string | null;
  request_reason: string | null;
  requested_at: Date | null;
}

const CSV_COLUMNS: CsvColumn<AdminPurchase>[] = [
  { header: 'id', value: (p) => p.id, raw: true },
  { header: 'created_at', value: (p) => p.createdAt },
  { header: 'member', value: (p) => p.member.username },
  { header: 'kind', value: (p) => p.kind },
  { header: 'package', value: (p) => p.package.name },
  { header: 'price', value: (p) => p.price, raw: true },
  { header: 'bv', value: (p) => p.bv, raw: true },
  { header: 'undone', value: (p) => p.refunded?.kind ?? '' },
  { header: 'undone_at', value: (p) => p.refunded?.at ?? '' },
  { header: 'reason', value: (p) => p.reason },
  { header: 'entry_id', value: (p) => p.entryId, raw: true },
];

/** The list, each purchase saying whether its refund takes two admins under the threshold in force (refunds/refund-purchase.ts). */
const purchases = (largeApproval: bigint) =>
  defineList({
    select: sql`SELECT p.id, p.entry_id, p.kind, p.package_id, k.name, p.price::text AS price, p.bv::text AS bv, p.created_at,
                       p.member_id, u.username, r.kind AS refund_kind, r.created_at AS refunded_at, r.reason,
                       q.requested_by, qu.username AS requested_by_name, q.reason AS request_reason, q.requested_at
      FROM purchases p JOIN packages k ON k.id = p.package_id JOIN users u ON u.id = p.member_id
      LEFT JOIN purchase_refunds r ON r.purchase_id = p.id
      LEFT JOIN purchase_refund_requests q ON q.purchase_id = p.id AND r.id IS NULL
      LEFT JOIN users qu ON qu.id = q.requested_by`,
    counted: sql`purchases p JOIN users u ON u.id = p.member_id LEFT JOIN purchase_refunds r ON r.purchase_id = p.id`,
    sorts: { createdAt: 'p.id', price: 'p.price' },
    tieBreaker: 'p.id',
    keyOf: (row) => row.id,
    toItem: (row: AdminPurchaseRow): AdminPurchase => ({
      ...purchaseItem({
        ...row,
        entryId: row.entry_id,
        packageId: row.package_id,
        packageName: row.name,
        createdAt: new Date(row.created_at),
      }),
      member: { id: Number(row.member_id), username: row.username },
      refunded:
        row.refund_kind === null ? null : { kind: row.refund_kind, at: new Date(row.refunded_at!).toISOString() },
      reason: row.reason ?? '',
      refundRequest:
        row.requested_by === null
          ? null
          : {
              requestedBy: { id: Number(row.requested_by), username: row.requested_by_name! },
              reason: row.request_reason!,
              at: new Date(row.requested_at!).toISOString(),
            },
      needsSecondAdmin: BigInt(row.price) > largeApproval,
    }),
    csv: { name: 'purchases', columns: CSV_COLUMNS },
  });

function filterOf(query: AdminPurchaseListQuery): ListFilter<AdminPurchaseRow> {
  const pattern = query.search && containsPattern(query.search);
  return {
    where: [
      query.kind ? sql`p.kind = ${query.kind}` : undefined,
      query.state === 'undone' ? sql`r.id IS NOT NULL` : query.state === 'standing' ? sql`r.id IS NULL` : undefined,
      pattern ? sql`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern})` : undefined,
      ...betweenDays(sql`p.created_at`, query.from, query.to),
    ],
    sort: query.sort,
  };
}

/** Every member's purchases for the admins' refunds: a page, or with `format=csv` the whole filtered list. */
export async function allPurchases(ctx: AppContext, query: AdminPurchaseListQuery): Promise<ListAnswer<AdminPurchase>> {
  const settings = await readSettings(ctx.db);
  return purchases(toBaseUnits(settings.largeApprovalThreshold)).answer(ctx.db, filterOf(query), query, ctx.now());
}

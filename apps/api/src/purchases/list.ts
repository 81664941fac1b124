import type { PurchaseKind, PurchaseListItem, PurchaseListQuery, RefundKind } from '@portal/contract';
import type { AppContext } from '../context';
import { readSettings } from '../settings/in-force';
import { cancelUntil } from '../refunds/cancellation-window';
import { sql } from '../platform/db/sql';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays } from '../shared/sql-list';
import { purchaseItem } from './answer';

/** A purchase as the lists read it, with how it was undone (list-all.ts adds its member). */
export interface PurchaseRow {
  id: number;
  entry_id: number;
  kind: PurchaseKind;
  package_id: number;
  name: string;
  price: string;
  bv: string;
  created_at: Date;
  refund_kind: RefundKind | null;
  refunded_at: Date | null;
}

/** The list, with each purchase's cancellation deadline under the window in force (refunds/cancel-purchase.ts). */
const purchases = (cancellationDays: string, now: Date) =>
  defineList({
    select: sql`SELECT p.id, p.entry_id, p.kind, p.package_id, k.name, p.price::text AS price, p.bv::text AS bv, p.created_at,
                       r.kind AS refund_kind, r.created_at AS refunded_at
      FROM purchases p JOIN packages k ON k.id = p.package_id LEFT JOIN purchase_refunds r ON r.purchase_id = p.id`,
    counted: sql`purchases p`,
    sorts: { createdAt: 'p.id' },
    tieBreaker: 'p.id',
    toItem: (row: PurchaseRow): PurchaseListItem => {
      const createdAt = new Date(row.created_at);
      const until = row.refund_kind === null ? cancelUntil(createdAt, cancellationDays) : null;
      return {
        ...purchaseItem({ ...row, entryId: row.entry_id, packageId: row.package_id, packageName: row.name, createdAt }),
        refunded:
          row.refund_kind === null ? null : { kind: row.refund_kind, at: new Date(row.refunded_at!).toISOString() },
        cancelUntil: until !== null && until > now ? until.toISOString() : null,
      };
    },
  });

/** A member's purchases and repurchases, newest first. */
export async function memberPurchases(
  ctx: AppContext,
  memberId: number,
  query: PurchaseListQuery,
): Promise<ListAnswer<PurchaseListItem>> {
  const settings = await readSettings(ctx.db);
  const where = [
    sql`p.member_id = ${memberId}`,
    query.kind ? sql`p.kind = ${query.kind}` : undefined,
    ...betweenDays(sql`p.created_at`, query.from, query.to),
  ];
  return purchases(settings.cancellationDays, ctx.now()).page(ctx.db, { where, sort: '-createdAt' }, query);
}

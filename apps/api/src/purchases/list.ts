import type { PurchaseKind, PurchaseListItem, PurchaseListQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays } from '../shared/sql-list';
import { purchaseItem } from './answer';

interface PurchaseRow {
  id: number;
  entry_id: number;
  kind: PurchaseKind;
  package_id: number;
  name: string;
  price: string;
  bv: string;
  created_at: Date;
}

const PURCHASES = defineList({
  select: sql`SELECT p.id, p.entry_id, p.kind, p.package_id, k.name, p.price::text AS price, p.bv::text AS bv, p.created_at
    FROM purchases p JOIN packages k ON k.id = p.package_id`,
  counted: sql`purchases p`,
  sorts: { createdAt: 'p.id' },
  tieBreaker: 'p.id',
  toItem: (row: PurchaseRow): PurchaseListItem =>
    purchaseItem({
      ...row,
      entryId: row.entry_id,
      packageId: row.package_id,
      packageName: row.name,
      createdAt: new Date(row.created_at),
    }),
});

/** A member's purchases and repurchases, newest first. */
export function memberPurchases(
  db: Sql,
  memberId: number,
  query: PurchaseListQuery,
): Promise<ListAnswer<PurchaseListItem>> {
  const where = [
    sql`p.member_id = ${memberId}`,
    query.kind ? sql`p.kind = ${query.kind}` : undefined,
    ...betweenDays(sql`p.created_at`, query.from, query.to),
  ];
  return PURCHASES.page(db, { where, sort: '-createdAt' }, query);
}

import { fromBaseUnits, type Redemption } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { imageUrls } from '../products/images';

/** A redemption as every use case reads it: with its member, its product's picture and who decided it. */
export interface RedemptionRow {
  id: number;
  entry_id: number;
  member_id: number;
  username: string;
  full_name: string;
  product_id: number;
  product_name: string;
  image_hash: string | null;
  image_format: string | null;
  quantity: number;
  unit_price: string;
  points: string;
  delivery_address: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  decided_by_username: string | null;
  decided_at: Date | null;
  refund_entry_id: number | null;
  created_at: Date;
}

export const REDEMPTION_SELECT = sql`SELECT r.id, r.entry_id, r.member_id, u.username, u.full_name, r.product_id, r.product_name, p.image_hash, p.image_format,
       r.quantity, r.unit_price::text AS unit_price, r.points::text AS points, r.delivery_address, r.status, r.reason,
       d.username AS decided_by_username, r.decided_at, r.refund_entry_id, r.created_at
  FROM redemptions r
  JOIN users u ON u.id = r.member_id
  JOIN products p ON p.id = r.product_id
  LEFT JOIN users d ON d.id = r.decided_by`;

export function toRedemption(row: RedemptionRow): Redemption {
  return {
    id: Number(row.id),
    entryId: Number(row.entry_id),
    member: { id: Number(row.member_id), username: row.username, fullName: row.full_name },
    product: {
      id: Number(row.product_id),
      name: row.product_name,
      thumbnailUrl: imageUrls(row.image_hash, row.image_format).thumbnailUrl,
    },
    quantity: Number(row.quantity),
    unitPrice: fromBaseUnits(BigInt(row.unit_price)),
    points: fromBaseUnits(BigInt(row.points)),
    deliveryAddress: row.delivery_address,
    status: row.status,
    reason: row.reason,
    decidedBy: row.decided_by_username,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    refundEntryId: row.refund_entry_id === null ? null : Number(row.refund_entry_id),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function redemptionsByIds(db: Sql, ids: number[]): Promise<Redemption[]> {
  const { rows } = await db.query<RedemptionRow>(
    sql`${REDEMPTION_SELECT} WHERE r.id = ANY(${ids}::bigint[]) ORDER BY r.id`,
  );
  return rows.map(toRedemption);
}

import {
  fromBaseUnits,
  type Redemption,
  type RedemptionAdminListQuery,
  type RedemptionBody,
  type RedemptionListQuery,
  type RedemptionQuote,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { writeAudit, type Actor } from '../audit/service';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { conflict, notFound, unprocessable } from '../shared/errors';
import { containsPattern, orderBy, pageClause, SqlFilter, whereDays } from '../shared/sql-filter';
import { imageUrls } from '../products/images';

/**
 * Redemption (PRODUCT.md §10): the points leave the point wallet for the
 * `redemptions` system account and the stock leaves the shelf in one
 * transaction and one journal entry; an admin approves (shipped) or rejects
 * (a reversing entry returns the points, and the stock comes back, again in
 * one transaction). See docs/decisions/0011.
 *
 * Lock order, the same everywhere so that nothing waits in a cycle:
 * redemption rows (by id) → product rows (by id) → member wallets (by id,
 * inside postEntry).
 */

interface RedemptionRow {
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

const SELECT = `SELECT r.id, r.entry_id, r.member_id, u.username, u.full_name, r.product_id, r.product_name, p.image_hash, p.image_format,
       r.quantity, r.unit_price::text AS unit_price, r.points::text AS points, r.delivery_address, r.status, r.reason,
       d.username AS decided_by_username, r.decided_at, r.refund_entry_id, r.created_at
  FROM redemptions r
  JOIN users u ON u.id = r.member_id
  JOIN products p ON p.id = r.product_id
  LEFT JOIN users d ON d.id = r.decided_by`;

function toRedemption(row: RedemptionRow): Redemption {
  return {
    id: Number(row.id),
    entryId: Number(row.entry_id),
    member: { id: Number(row.member_id), username: row.username, fullName: row.full_name },
    product: { id: Number(row.product_id), name: row.product_name, thumbnailUrl: imageUrls(row.image_hash, row.image_format).thumbnailUrl },
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

const SORTS = { createdAt: 'r.id', points: 'r.points', decidedAt: 'r.decided_at' } as const;

type AdminFilter = Omit<RedemptionAdminListQuery, 'page' | 'pageSize' | 'format'>;

function adminFilterOf(query: AdminFilter): SqlFilter {
  const filter = new SqlFilter();
  if (query.status === 'decided') filter.where(`r.status <> 'pending'`);
  else if (query.status) filter.where(`r.status = ${filter.param(query.status)}`);
  if (query.search) {
    const pattern = filter.param(containsPattern(query.search));
    filter.where(`(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR r.product_name ILIKE ${pattern})`);
  }
  whereDays(filter, 'r.created_at', query.from, query.to);
  return filter;
}

export async function listAdminRedemptions(sql: Sql, query: AdminFilter, window: { limit: number; offset: number }): Promise<Redemption[]> {
  const filter = adminFilterOf(query);
  const { rows } = await sql.query<RedemptionRow>(`${SELECT} ${filter.sql} ${orderBy(query.sort, SORTS, 'r.id')} ${pageClause(filter, window)}`, filter.params);
  return rows.map(toRedemption);
}

async function countAdminRedemptions(sql: Sql, query: AdminFilter): Promise<number> {
  const filter = adminFilterOf(query);
  const { rows } = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM redemptions r JOIN users u ON u.id = r.member_id ${filter.sql}`,
    filter.params,
  );
  return rows[0]!.total;
}

interface ProductForSale {
  id: number;
  name: string;
  price: string;
  stock: number;
  active: boolean;
}

const unknownProduct = () => notFound('PRODUCT_NOT_FOUND', 'No product has this id.');
const inactiveProduct = (name: string) => unprocessable('PRODUCT_INACTIVE', `${name} is no longer offered.`, 'productId');
const outOfStock = (name: string, stock: number) =>
  unprocessable('OUT_OF_STOCK', stock === 0 ? `${name} is out of stock.` : `Only ${stock} of ${name} left in stock.`, 'quantity');

function refuseUnavailable(product: ProductForSale | undefined, quantity: number): asserts product is ProductForSale {
  if (!product) throw unknownProduct();
  if (!product.active) throw inactiveProduct(product.name);
  if (product.stock < quantity) throw outOfStock(product.name, Number(product.stock));
}

async function readProduct(sql: Sql, id: number): Promise<ProductForSale | undefined> {
  return (await sql.query<ProductForSale>('SELECT id, name, price::text AS price, stock, active FROM products WHERE id = $1', [id])).rows[0];
}

export function createRedemptionService(ctx: AppContext) {
  const { db } = ctx;

  async function byIds(sql: Sql, ids: number[]): Promise<Redemption[]> {
    const { rows } = await sql.query<RedemptionRow>(`${SELECT} WHERE r.id = ANY($1::bigint[]) ORDER BY r.id`, [ids]);
    return rows.map(toRedemption);
  }

  /** Locks the redemptions in id order; all must exist and be pending, or nothing happens. */
  async function lockPending(tx: Sql, ids: number[]) {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const { rows } = await tx.query<{ id: number; member_id: number; product_id: number; product_name: string; quantity: number; points: string; status: string }>(
      `SELECT id, member_id, product_id, product_name, quantity, points::text AS points, status FROM redemptions
        WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [unique],
    );
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((row) => Number(row.id)));
      const missing = unique.filter((id) => !found.has(id));
      throw notFound('REDEMPTION_NOT_FOUND', `No redemption has the id ${missing.join(', ')}.`);
    }
    const decided = rows.filter((row) => row.status !== 'pending');
    if (decided.length > 0) {
      throw conflict(
        'REDEMPTION_ALREADY_DECIDED',
        decided.length === 1
          ? `Redemption R-${decided[0]!.id} was already ${decided[0]!.status}; nothing was changed.`
          : `Redemptions ${decided.map((row) => `R-${row.id}`).join(', ')} were already decided; nothing was changed.`,
      );
    }
    return rows;
  }

  return {
    async quote(memberId: number, productId: number, quantity: number): Promise<RedemptionQuote> {
      const product = await readProduct(db, productId);
      refuseUnavailable(product, quantity);
      const points = BigInt(product.price) * BigInt(quantity);
      await assertCanSpend(db, { member: memberId, wallet: 'points' }, points);
      const { rows } = await db.query<{ balance: string }>("SELECT balance::text AS balance FROM ledger_accounts WHERE owner_id = $1 AND wallet = 'points'", [memberId]);
      const before = BigInt(rows[0]?.balance ?? '0');
      return {
        productId: Number(product.id),
        productName: product.name,
        quantity,
        unitPrice: fromBaseUnits(BigInt(product.price)),
        points: fromBaseUnits(points),
        balanceBefore: fromBaseUnits(before),
        balanceAfter: fromBaseUnits(before - points),
      };
    },

    async create(memberId: number, body: RedemptionBody, idempotencyKey?: string): Promise<IdempotentAnswer<Redemption>> {
      const request = { productId: body.productId, quantity: body.quantity, deliveryAddress: body.deliveryAddress };
      return runIdempotent(db, { userId: memberId, operation: 'redemption', key: idempotencyKey, request }, async (tx) => {
        // The stock is taken first, conditionally: the row lock makes
        // concurrent redemptions of one product queue here, and the
        // condition means the shelf can never go below zero.
        const taken = await tx.query<ProductForSale>(
          `UPDATE products SET stock = stock - $2, updated_at = now()
            WHERE id = $1 AND stock >= $2 AND active
        RETURNING id, name, price::text AS price, stock, active`,
          [body.productId, body.quantity],
        );
        const product = taken.rows[0];
        if (!product) {
          refuseUnavailable(await readProduct(tx, body.productId), body.quantity);
          throw new Error('product refused without a reason'); // unreachable: refuseUnavailable threw
        }
        const unitPrice = BigInt(product.price);
        const points = unitPrice * BigInt(body.quantity);
        const entry = await postEntry(tx, {
          type: 'redemption',
          memo: `Product redemption: ${body.quantity} × ${product.name} for ${fromBaseUnits(points)} points`,
          actorId: memberId,
          refs: { productId: Number(product.id), product: product.name, quantity: body.quantity },
          lines: [
            { account: { member: memberId, wallet: 'points' }, amount: -points },
            { account: { system: 'redemptions' }, amount: points },
          ],
        });
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO redemptions (member_id, product_id, product_name, quantity, unit_price, points, delivery_address, entry_id, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [memberId, product.id, product.name, body.quantity, unitPrice.toString(), points.toString(), body.deliveryAddress, entry.id, entry.createdAt],
        );
        const [created] = await byIds(tx, [Number(rows[0]!.id)]);
        return { status: 201, body: created! };
      });
    },

    async list(memberId: number, query: RedemptionListQuery, window: { limit: number; offset: number }) {
      const filter = new SqlFilter();
      filter.where(`r.member_id = ${filter.param(memberId)}`);
      if (query.status) filter.where(`r.status = ${filter.param(query.status)}`);
      whereDays(filter, 'r.created_at', query.from, query.to);
      const countParams = [...filter.params];
      const [count, page] = await Promise.all([
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM redemptions r ${filter.sql}`, countParams),
        db.query<RedemptionRow>(`${SELECT} ${filter.sql} ${orderBy(query.sort, SORTS, 'r.id')} ${pageClause(filter, window)}`, filter.params),
      ]);
      return { items: page.rows.map(toRedemption), total: count.rows[0]!.total };
    },

    async adminList(query: AdminFilter, window: { limit: number; offset: number }) {
      const [total, items] = await Promise.all([countAdminRedemptions(db, query), listAdminRedemptions(db, query, window)]);
      return { items, total };
    },

    /** Approve = shipped: the points already left with the redemption, so only the decision is recorded. */
    async approve(actor: Actor, ids: number[]): Promise<Redemption[]> {
      return db.transaction(async (tx) => {
        const rows = await lockPending(tx, ids);
        const now = ctx.now();
        await tx.query(
          `UPDATE redemptions SET status = 'approved', decided_by = $2, decided_at = $3 WHERE id = ANY($1::bigint[])`,
          [rows.map((row) => row.id), actor.userId, now],
        );
        for (const row of rows) {
          await writeAudit(tx, {
            actor,
            action: 'redemption.approve',
            targetType: 'redemption',
            targetId: row.id,
            details: { member: Number(row.member_id), product: row.product_name, quantity: Number(row.quantity), points: fromBaseUnits(BigInt(row.points)), batch: rows.length },
          });
        }
        return byIds(tx, rows.map((row) => Number(row.id)));
      });
    },

    /** Reject: a reversing entry returns the points and the stock comes back, for all of them or none. */
    async reject(actor: Actor, ids: number[], reason: string, idempotencyKey?: string): Promise<IdempotentAnswer<{ items: Redemption[] }>> {
      const request = { ids: [...new Set(ids)].sort((a, b) => a - b), reason };
      return runIdempotent(db, { userId: actor.userId, operation: 'redemption.reject', key: idempotencyKey, request }, async (tx) => {
        const rows = await lockPending(tx, ids);
        // Stock back, one statement per product, in product id order.
        const perProduct = new Map<number, number>();
        for (const row of rows) perProduct.set(Number(row.product_id), (perProduct.get(Number(row.product_id)) ?? 0) + Number(row.quantity));
        const products = [...perProduct.keys()].sort((a, b) => a - b);
        await tx.query('SELECT id FROM products WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [products]);
        await tx.query(
          `UPDATE products p SET stock = p.stock + u.quantity, updated_at = now()
             FROM unnest($1::bigint[], $2::int[]) AS u(id, quantity) WHERE p.id = u.id`,
          [products, products.map((id) => perProduct.get(id)!)],
        );
        // The members' point wallets in id order before any entry, so two
        // batches never take them in different orders.
        await tx.query(
          `SELECT id FROM ledger_accounts WHERE wallet = 'points' AND owner_id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE`,
          [[...new Set(rows.map((row) => Number(row.member_id)))]],
        );
        const now = ctx.now();
        for (const row of rows) {
          const points = BigInt(row.points);
          const entry = await postEntry(tx, {
            type: 'redemption_refund',
            memo: `Redemption R-${row.id} rejected (${row.quantity} × ${row.product_name}): ${reason}`,
            actorId: actor.userId,
            refs: { redemptionId: Number(row.id), product: row.product_name, quantity: Number(row.quantity) },
            lines: [
              { account: { system: 'redemptions' }, amount: -points },
              { account: { member: Number(row.member_id), wallet: 'points' }, amount: points },
            ],
          });
          await tx.query(
            `UPDATE redemptions SET status = 'rejected', reason = $2, decided_by = $3, decided_at = $4, refund_entry_id = $5 WHERE id = $1`,
            [row.id, reason, actor.userId, now, entry.id],
          );
          await writeAudit(tx, {
            actor,
            action: 'redemption.reject',
            targetType: 'redemption',
            targetId: row.id,
            details: { member: Number(row.member_id), product: row.product_name, quantity: Number(row.quantity), points: fromBaseUnits(points), reason, refundEntryId: entry.id, batch: rows.length },
          });
        }
        return { status: 200, body: { items: await byIds(tx, rows.map((row) => Number(row.id))) } };
      });
    },
  };
}

import { fromBaseUnits, MAX_PRODUCT_STOCK, type Redemption } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { postEntry } from '../ledger/post';
import { conflict, notFound } from '../shared/errors';
import { ownMoney } from '../shared/own-money';
import { redemptionLifecycle } from './lifecycle';
import { redemptionsByIds } from './rows';
import { mustHaveMoved } from '../shared/lifecycle';

/**
 * An admin decides pending redemptions: approve (shipped) records the
 * decision; reject returns the points by a reversing entry and the stock to
 * the shelf, for all of them or none. See docs/decisions/0011.
 *
 * Lock order, the same everywhere so that nothing waits in a cycle:
 * redemption rows (by id) → product rows (by id) → member wallets (by id,
 * inside postEntry).
 */

interface PendingRow {
  id: number;
  member_id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  points: string;
  status: string;
}

/** A redemption left alone, with why. */
export interface SkippedRedemption {
  id: number;
  message: string;
}

/** What a decision asks for: the ids, and whether it is a single one (refused outright when it is the admin's own). */
export interface DecisionRequest {
  ids: number[];
  one?: boolean;
}

/**
 * The pending redemptions locked (`lockPending`), less the admin's own: no
 * admin decides on a redemption of their own
 * (docs/decisions/0050-no-admin-acts-on-their-own-money.md). A single
 * decision on one is refused (403 OWN_MONEY); a bulk one skips it with why.
 */
async function lockDecidable(
  tx: Sql,
  actor: Actor,
  request: DecisionRequest,
): Promise<{ rows: PendingRow[]; skipped: SkippedRedemption[] }> {
  const locked = await lockPending(tx, request.ids);
  const own = locked.filter((row) => Number(row.member_id) === actor.userId);
  const skipped = own.map((row) => ({
    id: Number(row.id),
    message: `Redemption R-${row.id} is your own: another admin must decide on it.`,
  }));
  if (request.one && skipped[0]) throw ownMoney(skipped[0].message);
  return { rows: locked.filter((row) => !own.includes(row)), skipped };
}

/** Locks the redemptions in id order; all must exist and be pending, or nothing happens. */
async function lockPending(tx: Sql, ids: number[]): Promise<PendingRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const { rows } = await tx.query<PendingRow>(
    sql`SELECT id, member_id, product_id, product_name, quantity, points::text AS points, status FROM redemptions
         WHERE id = ANY(${unique}::bigint[]) ORDER BY id FOR UPDATE`,
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

/** Approve = shipped: the points already left with the redemption, so only the decision is recorded. */
export async function approveRedemptions(
  ctx: AppContext,
  actor: Actor,
  request: DecisionRequest,
): Promise<{ items: Redemption[]; skipped: SkippedRedemption[] }> {
  return ctx.db.transaction(async (tx) => {
    const { rows, skipped } = await lockDecidable(tx, actor, request);
    const approved = await redemptionLifecycle.approve(
      tx,
      rows.map((row) => row.id),
      { decidedBy: actor.userId, decidedAt: ctx.now() },
    );
    mustHaveMoved(approved, rows.length, 'redemptions approved');
    for (const row of rows) {
      await writeAudit(tx, {
        actor,
        action: 'redemption.approve',
        targetType: 'redemption',
        targetId: row.id,
        details: {
          member: Number(row.member_id),
          product: row.product_name,
          quantity: Number(row.quantity),
          points: fromBaseUnits(BigInt(row.points)),
          batch: rows.length,
        },
      });
    }
    const items = await redemptionsByIds(
      tx,
      rows.map((row) => Number(row.id)),
    );
    return { items, skipped };
  });
}

/**
 * Reject: a reversing entry returns the points and the stock comes back, for
 * all of them or none.
 *
 * The stock comes back up to the catalogue's bound, `MAX_PRODUCT_STOCK`
 * (packages/contract/src/products.ts, also the database's CHECK, migration
 * 0024), never past it: an admin may have filled the shelf to the bound
 * since the redemption. The rejection is not refused then, because the
 * member's points must come back whatever the shelf holds; the pieces that
 * did not fit are left off the count and each rejection's audit entry says
 * how many it put back (`stockReturned`, below its quantity when capped), so
 * the admin can see why the count is lower than the pieces in hand.
 */
export async function rejectRedemptions(
  ctx: AppContext,
  actor: Actor,
  decision: DecisionRequest,
  reason: string,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<{ items: Redemption[]; skipped: SkippedRedemption[] }>> {
  const request = { ids: [...new Set(decision.ids)].sort((a, b) => a - b), reason };
  return runIdempotent(
    ctx.db,
    { userId: actor.userId, operation: 'redemption.reject', key: idempotencyKey, request },
    async (tx) => {
      const { rows, skipped } = await lockDecidable(tx, actor, decision);
      // Stock back, one statement per product, in product id order.
      const perProduct = new Map<number, number>();
      for (const row of rows)
        perProduct.set(Number(row.product_id), (perProduct.get(Number(row.product_id)) ?? 0) + Number(row.quantity));
      const products = [...perProduct.keys()].sort((a, b) => a - b);
      const { rows: shelves } = await tx.query<{ id: number; stock: number }>(
        sql`SELECT id, stock FROM products WHERE id = ANY(${products}::bigint[]) ORDER BY id FOR UPDATE`,
      );
      // Room left under the bound, per product, filled by the rejections in id order.
      const room = new Map(
        shelves.map((shelf) => [Number(shelf.id), Math.max(0, MAX_PRODUCT_STOCK - Number(shelf.stock))]),
      );
      const returned = new Map<number, number>();
      for (const row of rows) {
        const product = Number(row.product_id);
        const back = Math.min(Number(row.quantity), room.get(product) ?? 0);
        room.set(product, (room.get(product) ?? 0) - back);
        returned.set(Number(row.id), back);
      }
      await tx.query(
        sql`UPDATE products p SET stock = LEAST(p.stock + u.quantity, ${MAX_PRODUCT_STOCK}), updated_at = now()
            FROM unnest(${products}::bigint[], ${products.map((id) => perProduct.get(id)!)}::int[]) AS u(id, quantity) WHERE p.id = u.id`,
      );
      // The members' point wallets in id order before any entry, so two
      // batches never take them in different orders.
      const members = [...new Set(rows.map((row) => Number(row.member_id)))];
      await tx.query(
        sql`SELECT id FROM ledger_accounts WHERE wallet = 'points' AND owner_id = ANY(${members}::bigint[]) ORDER BY id FOR NO KEY UPDATE`,
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
        const rejected = await redemptionLifecycle.reject(tx, row.id, {
          reason,
          decidedBy: actor.userId,
          decidedAt: now,
          refundEntryId: entry.id,
        });
        mustHaveMoved(rejected, 1, `redemption #${row.id} rejected`);
        await writeAudit(tx, {
          actor,
          action: 'redemption.reject',
          targetType: 'redemption',
          targetId: row.id,
          details: {
            member: Number(row.member_id),
            product: row.product_name,
            quantity: Number(row.quantity),
            stockReturned: returned.get(Number(row.id)) ?? 0,
            points: fromBaseUnits(points),
            reason,
            refundEntryId: entry.id,
            batch: rows.length,
          },
        });
      }
      return {
        status: 200,
        body: {
          items: await redemptionsByIds(
            tx,
            rows.map((row) => Number(row.id)),
          ),
          skipped,
        },
      };
    },
  );
}

import { fromBaseUnits, type Redemption, type RedemptionBody, type RedemptionQuote } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { notFound, unprocessable } from '../shared/errors';
import { redemptionsByIds } from './rows';

/**
 * A member redeems a product (PRODUCT.md §10): the points leave the point
 * wallet for the `redemptions` system account and the stock leaves the
 * shelf in one transaction and one journal entry. The quote refuses what
 * the redemption would refuse.
 */

interface ProductForSale {
  id: number;
  name: string;
  price: string;
  stock: number;
  active: boolean;
}

const unknownProduct = () => notFound('PRODUCT_NOT_FOUND', 'No product has this id.');
const inactiveProduct = (name: string) =>
  unprocessable('PRODUCT_INACTIVE', `${name} is no longer offered.`, 'productId');
const outOfStock = (name: string, stock: number) =>
  unprocessable(
    'OUT_OF_STOCK',
    stock === 0 ? `${name} is out of stock.` : `Only ${stock} of ${name} left in stock.`,
    'quantity',
  );

function refuseUnavailable(product: ProductForSale | undefined, quantity: number): asserts product is ProductForSale {
  if (!product) throw unknownProduct();
  if (!product.active) throw inactiveProduct(product.name);
  if (product.stock < quantity) throw outOfStock(product.name, Number(product.stock));
}

async function readProduct(db: Sql, id: number): Promise<ProductForSale | undefined> {
  return (
    await db.query<ProductForSale>(
      sql`SELECT id, name, price::text AS price, stock, active FROM products WHERE id = ${id}`,
    )
  ).rows[0];
}

/** What a redemption costs: the unit price times the quantity, in points (base units). */
const pointsFor = (product: ProductForSale, quantity: number) => BigInt(product.price) * BigInt(quantity);

export async function quoteRedemption(
  ctx: AppContext,
  memberId: number,
  productId: number,
  quantity: number,
): Promise<RedemptionQuote> {
  const { db } = ctx;
  const product = await readProduct(db, productId);
  refuseUnavailable(product, quantity);
  const points = pointsFor(product, quantity);
  await assertCanSpend(db, { member: memberId, wallet: 'points' }, points);
  const { rows } = await db.query<{ balance: string }>(
    sql`SELECT balance::text AS balance FROM ledger_accounts WHERE owner_id = ${memberId} AND wallet = 'points'`,
  );
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
}

export async function redeem(
  ctx: AppContext,
  memberId: number,
  body: RedemptionBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<Redemption>> {
  const request = { productId: body.productId, quantity: body.quantity, deliveryAddress: body.deliveryAddress };
  return runIdempotent(
    ctx.db,
    { userId: memberId, operation: 'redemption', key: idempotencyKey, request },
    async (tx) => {
      // The stock is taken first, conditionally: the row lock makes
      // concurrent redemptions of one product queue here, and the
      // condition means the shelf can never go below zero.
      const taken = await tx.query<ProductForSale>(
        sql`UPDATE products SET stock = stock - ${body.quantity}, updated_at = now()
           WHERE id = ${body.productId} AND stock >= ${body.quantity} AND active
       RETURNING id, name, price::text AS price, stock, active`,
      );
      const product = taken.rows[0];
      if (!product) {
        refuseUnavailable(await readProduct(tx, body.productId), body.quantity);
        throw new Error('product refused without a reason'); // unreachable: refuseUnavailable threw
      }
      const unitPrice = BigInt(product.price);
      const points = pointsFor(product, body.quantity);
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
        sql`INSERT INTO redemptions (member_id, product_id, product_name, quantity, unit_price, points, delivery_address, entry_id, created_at)
          VALUES (${memberId}, ${product.id}, ${product.name}, ${body.quantity}, ${unitPrice.toString()}, ${points.toString()},
                  ${body.deliveryAddress}, ${entry.id}, ${entry.createdAt}) RETURNING id`,
      );
      const [created] = await redemptionsByIds(tx, [Number(rows[0]!.id)]);
      return { status: 201, body: created! };
    },
  );
}

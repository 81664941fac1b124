import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_STOCK, MAX_REDEEM_QUANTITY } from '@portal/contract';
import { bearer, registerMember, type Session, type TestPortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { createProduct, redeem, stockOf, useProductPortal } from '../products/product-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * A product's stock stays within the catalogue's bound, `MAX_PRODUCT_STOCK`
 * (packages/contract/src/products.ts): a rejected redemption returned its
 * pieces past it. The rejection still returns the points; the stock stops at
 * the bound and the audit entry says how many pieces went back
 * (apps/api/src/redemptions/decide.ts). The database holds the same bound
 * (migration 0024).
 */

let portal: TestPortal;
let admin: Session;
useProductPortal((started, signedIn) => {
  portal = started;
  admin = signedIn;
});

const ADDRESS = '12 Harbour Road, Unit 4, Singapore 049321';

async function redeemed(productId: number, quantity: number): Promise<{ member: Session; id: number }> {
  const member = await registerMember(portal.app);
  await fund(portal.app, admin, member.user.id, 'points', String(quantity));
  const res = await redeem(portal.app, member, { productId, quantity, deliveryAddress: ADDRESS });
  expect(res.statusCode, res.body).toBe(201);
  return { member, id: res.json().id };
}

async function setStock(productId: number, stock: number) {
  const res = await portal.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${productId}`,
    headers: bearer(admin),
    payload: { stock },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function stockReturned(redemptionId: number): Promise<unknown> {
  const { rows } = await portal.db.query<{ details: { stockReturned?: unknown } }>(
    sql`SELECT details FROM audit_log WHERE action = 'redemption.reject' AND target_id = ${String(redemptionId)}`,
  );
  return rows[0]?.details.stockReturned;
}

describe('stock returned by a rejected redemption', () => {
  it('stops at the bound when the shelf was filled since; the points still come back', async () => {
    const product = await createProduct(portal.app, admin, { price: '1', stock: MAX_REDEEM_QUANTITY });
    const { member, id } = await redeemed(product.id, MAX_REDEEM_QUANTITY);
    expect(await stockOf(portal.db, product.id)).toBe(0);
    await setStock(product.id, MAX_PRODUCT_STOCK);

    const res = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'Address unreachable' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(portal.db, product.id)).toBe(MAX_PRODUCT_STOCK);
    expect((await balances(portal.app, member)).points).toBe(`${MAX_REDEEM_QUANTITY}.00`);
    expect(await stockReturned(id)).toBe(0);
    // The admin's form reads the product back and can save it unchanged.
    await setStock(product.id, await stockOf(portal.db, product.id));
    await assertBooksConsistent(portal.db);
  });

  it('returns what fits, rejection by rejection in id order, in one batch', async () => {
    const product = await createProduct(portal.app, admin, { price: '1', stock: 1000 });
    const first = await redeemed(product.id, 600);
    const second = await redeemed(product.id, 400);
    await setStock(product.id, MAX_PRODUCT_STOCK - 700);

    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/redemptions/reject',
      headers: bearer(admin),
      payload: { ids: [second.id, first.id], reason: 'Recalled by the maker' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(portal.db, product.id)).toBe(MAX_PRODUCT_STOCK);
    expect(await stockReturned(first.id)).toBe(600);
    expect(await stockReturned(second.id)).toBe(100);
    expect((await balances(portal.app, first.member)).points).toBe('600.00');
    expect((await balances(portal.app, second.member)).points).toBe('400.00');
  });

  it('returns everything below the bound, as before', async () => {
    const product = await createProduct(portal.app, admin, { price: '1', stock: 10 });
    const { id } = await redeemed(product.id, 4);
    const res = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'Out of season' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(portal.db, product.id)).toBe(10);
    expect(await stockReturned(id)).toBe(4);
  });

  it('the database holds the same bound as the contract', async () => {
    const product = await createProduct(portal.app, admin, { stock: 1 });
    await portal.db.query(sql`UPDATE products SET stock = ${MAX_PRODUCT_STOCK} WHERE id = ${product.id}`);
    await expect(
      portal.db.query(sql`UPDATE products SET stock = ${MAX_PRODUCT_STOCK + 1} WHERE id = ${product.id}`),
    ).rejects.toThrow(/products_stock_at_most_bound/);
    expect(await stockOf(portal.db, product.id)).toBe(MAX_PRODUCT_STOCK);
  });
});

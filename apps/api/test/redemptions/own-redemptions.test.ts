import { describe, expect, it } from 'vitest';
import { bearer, errorOf, login, registerMember, type Session, type TestPortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { enableTwoFactor } from '../two-factor/two-factor-helpers';
import { createProduct, redeem, stockOf, useProductPortal } from '../products/product-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * No admin decides on a redemption of their own
 * (docs/decisions/0050-no-admin-acts-on-their-own-money.md): a single decision
 * is refused (403 OWN_MONEY), a bulk one skips it with why, and the table
 * refuses it whatever path writes.
 */
let portal: TestPortal;
let admin: Session;
useProductPortal((started, signedIn) => {
  portal = started;
  admin = signedIn;
});

const ADDRESS = '12 Harbour Road, Unit 4, Singapore 049321';

async function promotedMemberWithPoints(): Promise<Session> {
  const member = await registerMember(portal.app);
  await fund(portal.app, admin, member.user.id, 'points', '500');
  const promoted = await portal.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${member.user.id}`,
    headers: bearer(admin),
    payload: { role: 'admin' },
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  const session = await login(portal.app, member.user.username, member.password);
  await enableTwoFactor(portal, session);
  return session;
}

const decide = (who: Session, url: string, payload: object = {}) =>
  portal.app.inject({ method: 'POST', url: `/api/admin/redemptions${url}`, headers: bearer(who), payload });

describe('an admin and their own redemptions', () => {
  it('refuses a single decision, skips it in a bulk one with why, and lets another admin decide', async () => {
    const insider = await promotedMemberWithPoints();
    const product = await createProduct(portal.app, admin, { price: '10', stock: 10 });
    const mine = await redeem(portal.app, insider, { productId: product.id, quantity: 2, deliveryAddress: ADDRESS });
    expect(mine.statusCode, mine.body).toBe(201);
    const own = mine.json().id as number;
    const someone = await registerMember(portal.app);
    await fund(portal.app, admin, someone.user.id, 'points', '100');
    const theirs = await redeem(portal.app, someone, { productId: product.id, quantity: 1, deliveryAddress: ADDRESS });
    const other = theirs.json().id as number;
    const points = (await balances(portal.app, insider)).points;
    const message = `Redemption R-${own} is your own: another admin must decide on it.`;

    for (const [url, payload] of [
      [`/${own}/approve`, {}],
      [`/${own}/reject`, { reason: 'refund me' }],
    ] as const) {
      const res = await decide(insider, url, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'OWN_MONEY', message });
    }
    const rejectMany = await decide(insider, '/reject', { ids: [own], reason: 'refund me' });
    expect(rejectMany.statusCode, rejectMany.body).toBe(200);
    expect(rejectMany.json()).toEqual({ items: [], skipped: [{ id: own, message }] });
    const approveMany = await decide(insider, '/approve', { ids: [own, other] });
    expect(approveMany.statusCode, approveMany.body).toBe(200);
    expect(approveMany.json().items.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [other, 'approved'],
    ]);
    expect(approveMany.json().skipped).toEqual([{ id: own, message }]);
    expect((await balances(portal.app, insider)).points).toBe(points);
    expect(await stockOf(portal.db, product.id)).toBe(7);
    const { rows } = await portal.db.query<{ status: string }>(sql`SELECT status FROM redemptions WHERE id = ${own}`);
    expect(rows[0]!.status).toBe('pending');

    // The table refuses it too.
    const error = await portal.db
      .transaction((tx) =>
        tx.query(sql`UPDATE redemptions SET status = 'approved', decided_by = ${insider.user.id} WHERE id = ${own}`),
      )
      .then(
        () => null,
        (e: { code?: string; message?: string }) => e,
      );
    expect(error).toMatchObject({ code: 'PT403', message: 'OWN_MONEY' });

    const byAdmin = await decide(admin, `/${own}/reject`, { reason: 'out of season' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().status).toBe('rejected');
    expect((await balances(portal.app, insider)).points).toBe('500.00');
    await assertBooksConsistent(portal.db);
  });
});

import { describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, type Session, type TestPortal } from '../harness';
import { assertBooksConsistent, balances, convert, fund } from '../ledger/ledger-helpers';
import { createProduct, redeem, shopFingerprint, useProductPortal, stockOf } from '../products/product-helpers';
import { sql } from '../../src/platform/db/sql';
import { systemBalance } from '../../src/ledger/queries';
import { toBaseUnits } from '@portal/contract';

let portal: TestPortal;
let admin: Session;
useProductPortal((started, signedIn) => {
  portal = started;
  admin = signedIn;
});

const ADDRESS = '12 Harbour Road, Unit 4, Singapore 049321';

async function memberWithPoints(points: string): Promise<Session> {
  const member = await registerMember(portal.app);
  await fund(portal.app, admin, member.user.id, 'points', points);
  return member;
}

function decide(action: 'approve' | 'reject', id: number | null, payload: object = {}, key?: string) {
  return portal.app.inject({
    method: 'POST',
    url: id === null ? `/api/admin/redemptions/${action}` : `/api/admin/redemptions/${id}/${action}`,
    headers: { ...bearer(admin), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** The admin dashboard's count of redemptions waiting for a decision, and their points in base units. */
async function waitingOnDashboard(): Promise<{ count: number; points: bigint }> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const { count, points } = res.json().pending.redemptions as { count: number; points: string };
  return { count, points: toBaseUnits(points) };
}

async function redemptionsSystemBalance(): Promise<bigint> {
  const { rows } = await portal.db.query<{ total: string }>(sql`SELECT ${systemBalance('redemptions')}::text AS total`);
  return BigInt(rows[0]!.total);
}

describe('redeeming a product', () => {
  redeemingTests();
  badRedemptionTests();
});

function redeemingTests() {
  it('takes the points and the stock at once, names the entry in the wallet history, and shows as pending', async () => {
    const member = await registerMember(portal.app);
    // Points come from conversion: income credited by the company, converted 1:1.
    await fund(portal.app, admin, member.user.id, 'income', '120');
    expect((await convert(portal.app, member, { amount: '120' })).statusCode).toBe(201);
    const product = await createProduct(portal.app, admin, { name: 'Travel bottle', price: '25', stock: 10 });

    const quote = await portal.app.inject({
      method: 'GET',
      url: `/api/redemptions/quote?productId=${product.id}&quantity=2`,
      headers: bearer(member),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      productName: 'Travel bottle',
      quantity: 2,
      unitPrice: '25.00',
      points: '50.00',
      balanceBefore: '120.00',
      balanceAfter: '70.00',
    });

    const res = await redeem(portal.app, member, {
      productId: product.id,
      quantity: 2,
      deliveryAddress: `  ${ADDRESS}  `,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      quantity: 2,
      unitPrice: '25.00',
      points: '50.00',
      deliveryAddress: ADDRESS,
      reason: null,
      product: { id: product.id, name: 'Travel bottle' },
    });
    expect((await balances(portal.app, member)).points).toBe('70.00');
    expect(await stockOf(portal.db, product.id)).toBe(8);

    const history = await portal.app.inject({ method: 'GET', url: '/api/redemptions', headers: bearer(member) });
    expect(history.json()).toMatchObject({ total: 1, items: [{ id: res.json().id, status: 'pending' }] });
    const entries = await portal.app.inject({
      method: 'GET',
      url: '/api/wallets/points/entries?type=redemption',
      headers: bearer(member),
    });
    expect(entries.json().items).toEqual([
      expect.objectContaining({
        amount: '-50.00',
        balanceAfter: '70.00',
        description: 'Product redemption: 2 × Travel bottle for 50.00 points',
      }),
    ]);
    await assertBooksConsistent(portal.db);
  });

  it('a repeated Idempotency-Key redeems once and answers the first result', async () => {
    const member = await memberWithPoints('100');
    const product = await createProduct(portal.app, admin, { price: '10', stock: 5 });
    const body = { productId: product.id, quantity: 1, deliveryAddress: ADDRESS };
    const first = await redeem(portal.app, member, body, 'redeem-once-1');
    const second = await redeem(portal.app, member, body, 'redeem-once-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await balances(portal.app, member)).points).toBe('90.00');
    expect(await stockOf(portal.db, product.id)).toBe(4);
    const other = await redeem(portal.app, member, { ...body, quantity: 2 }, 'redeem-once-1');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
}

function badRedemptionTests() {
  it('refuses every bad request with a 4xx and a clear message, moving nothing', async () => {
    const member = await memberWithPoints('100');
    const product = await createProduct(portal.app, admin, { price: '30', stock: 5 });
    const inactive = await createProduct(portal.app, admin, { price: '1', stock: 5, active: false });
    const empty = await createProduct(portal.app, admin, { price: '1', stock: 0 });
    const ok = { productId: product.id, quantity: 1, deliveryAddress: ADDRESS };
    const before = await shopFingerprint(portal.db);

    const cases: Array<[string, unknown, number, string]> = [
      ['unknown product', { ...ok, productId: 987654 }, 404, 'PRODUCT_NOT_FOUND'],
      ['inactive product', { ...ok, productId: inactive.id }, 422, 'PRODUCT_INACTIVE'],
      ['out of stock', { ...ok, productId: empty.id }, 422, 'OUT_OF_STOCK'],
      ['more than the stock', { ...ok, quantity: 6 }, 422, 'OUT_OF_STOCK'],
      ['zero quantity', { ...ok, quantity: 0 }, 400, 'VALIDATION_ERROR'],
      ['negative quantity', { ...ok, quantity: -1 }, 400, 'VALIDATION_ERROR'],
      ['fractional quantity', { ...ok, quantity: 1.5 }, 400, 'VALIDATION_ERROR'],
      ['huge quantity', { ...ok, quantity: 1e21 }, 400, 'VALIDATION_ERROR'],
      ['quantity as text', { ...ok, quantity: '1' }, 400, 'VALIDATION_ERROR'],
      ['not enough points', { ...ok, quantity: 4 }, 422, 'INSUFFICIENT_BALANCE'],
      ['empty delivery address', { ...ok, deliveryAddress: '' }, 400, 'VALIDATION_ERROR'],
      ['blank delivery address', { ...ok, deliveryAddress: '   \n ' }, 400, 'VALIDATION_ERROR'],
      ['2,000-character delivery address', { ...ok, deliveryAddress: 'a'.repeat(2000) }, 400, 'VALIDATION_ERROR'],
      ['missing delivery address', { productId: product.id, quantity: 1 }, 400, 'VALIDATION_ERROR'],
      ['product id as text', { ...ok, productId: 'one' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [i, [name, payload, status, code]] of cases.entries()) {
      const res = await redeem(portal.app, member, payload, `bad-${i}`);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      const error = errorOf(res);
      expect(error.code, name).toBe(code);
      expect(error.message.length, name).toBeGreaterThan(10);
      if (status === 400) expect(error.field, name).toBeDefined();
    }
    const notEnough = await redeem(portal.app, member, { ...ok, quantity: 4 });
    expect(errorOf(notEnough).message).toBe(
      'Insufficient balance: the point wallet holds 100.00 points, and this needs 120.00 points.',
    );
    const quote = await portal.app.inject({
      method: 'GET',
      url: `/api/redemptions/quote?productId=${product.id}&quantity=4`,
      headers: bearer(member),
    });
    expect(quote.statusCode).toBe(422);

    expect(await shopFingerprint(portal.db)).toBe(before);
    expect((await balances(portal.app, member)).points).toBe('100.00');
  });
}

describe('approving and rejecting redemptions', () => {
  rejectionTests();
  bulkAndOwnRedemptionTests();
});

function rejectionTests() {
  it('a rejection returns exactly the points and the stock, with the reason in both histories and the audit log', async () => {
    const member = await memberWithPoints('77.7');
    const product = await createProduct(portal.app, admin, { price: '12.35', stock: 9 });
    const waiting = await waitingOnDashboard();
    const redeemed = (
      await redeem(portal.app, member, { productId: product.id, quantity: 3, deliveryAddress: ADDRESS })
    ).json();
    expect(await waitingOnDashboard()).toEqual({
      count: waiting.count + 1,
      points: waiting.points + toBaseUnits('37.05'),
    });
    expect((await balances(portal.app, member)).points).toBe('40.65');
    expect(await stockOf(portal.db, product.id)).toBe(6);
    const systemBefore = await redemptionsSystemBalance();

    const noReason = await decide('reject', redeemed.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).field).toBe('reason');

    const rejected = await decide('reject', redeemed.id, { reason: 'Address outside delivery area' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'Address outside delivery area',
      decidedBy: 'admin',
    });
    expect(await waitingOnDashboard()).toEqual(waiting);
    expect((await balances(portal.app, member)).points).toBe('77.70');
    expect(await stockOf(portal.db, product.id)).toBe(9);
    expect(await redemptionsSystemBalance()).toBe(systemBefore - 37_050_000_000_000_000_000n);

    const mine = await portal.app.inject({
      method: 'GET',
      url: '/api/redemptions?status=rejected',
      headers: bearer(member),
    });
    expect(mine.json().items).toEqual([
      expect.objectContaining({ id: redeemed.id, status: 'rejected', reason: 'Address outside delivery area' }),
    ]);
    const entries = await portal.app.inject({
      method: 'GET',
      url: '/api/wallets/points/entries?type=redemption_refund',
      headers: bearer(member),
    });
    expect(entries.json().items[0]).toMatchObject({ amount: '37.05', balanceAfter: '77.70' });
    expect(entries.json().items[0].description).toContain('Address outside delivery area');

    const again = await decide('reject', redeemed.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('REDEMPTION_ALREADY_DECIDED');
    const approveRejected = await decide('approve', redeemed.id);
    expect(approveRejected.statusCode).toBe(409);

    const audit = await portal.db.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_type = 'redemption' AND target_id = ${String(redeemed.id)}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['redemption.reject']);
    await assertBooksConsistent(portal.db);
  });
}

function bulkAndOwnRedemptionTests() {
  it('approves or rejects many at once, all of them or none', async () => {
    const member = await memberWithPoints('1000');
    const other = await memberWithPoints('1000');
    const a = await createProduct(portal.app, admin, { price: '10', stock: 20 });
    const b = await createProduct(portal.app, admin, { price: '7', stock: 20 });
    const ids: number[] = [];
    for (const [who, product, quantity] of [
      [member, a, 1],
      [other, b, 2],
      [member, b, 3],
      [other, a, 4],
      [member, a, 5],
    ] as const) {
      const res = await redeem(portal.app, who, { productId: product.id, quantity, deliveryAddress: ADDRESS });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await balances(portal.app, member)).points).toBe(String(1000 - 10 - 21 - 50) + '.00');

    const pending = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/redemptions?status=pending&sort=createdAt',
      headers: bearer(admin),
    });
    expect(pending.json().items.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(ids));

    const approved = await decide('approve', null, { ids: [ids[0], ids[1]] });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().items.map((r: { status: string }) => r.status)).toEqual(['approved', 'approved']);

    // One already decided: nothing of the batch changes.
    const before = await shopFingerprint(portal.db);
    const mixed = await decide('reject', null, { ids: [ids[1], ids[2]], reason: 'Out of season' });
    expect(mixed.statusCode).toBe(409);
    const unknown = await decide('approve', null, { ids: [ids[2], 99999999] });
    expect(unknown.statusCode).toBe(404);
    const none = await decide('approve', null, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(await shopFingerprint(portal.db)).toBe(before);

    const stockA = await stockOf(portal.db, a.id);
    const stockB = await stockOf(portal.db, b.id);
    const rejected = await decide(
      'reject',
      null,
      { ids: [ids[4], ids[2], ids[3]], reason: 'Supplier recall' },
      'bulk-reject-1',
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().items.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual(
      [ids[2], ids[3], ids[4]].map((id) => [id, 'rejected']),
    );
    const replay = await decide(
      'reject',
      null,
      { ids: [ids[2], ids[3], ids[4]], reason: 'Supplier recall' },
      'bulk-reject-1',
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(portal.db, a.id)).toBe(stockA + 4 + 5);
    expect(await stockOf(portal.db, b.id)).toBe(stockB + 3);
    expect((await balances(portal.app, member)).points).toBe('990.00');
    expect((await balances(portal.app, other)).points).toBe('986.00');

    const decided = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/redemptions?status=decided&search=${member.user.username}`,
      headers: bearer(admin),
    });
    expect(decided.json().items.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [ids[4], 'rejected'],
      [ids[2], 'rejected'],
      [ids[0], 'approved'],
    ]);
    const csv = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/redemptions?status=decided&format=csv&search=${member.user.username}`,
      headers: bearer(admin),
    });
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    await assertBooksConsistent(portal.db);
  });

  it('members may not see or decide other redemptions', async () => {
    const member = await memberWithPoints('10');
    const list = await portal.app.inject({ method: 'GET', url: '/api/admin/redemptions', headers: bearer(member) });
    expect(list.statusCode).toBe(403);
    const approve = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/redemptions/1/approve',
      headers: bearer(member),
      payload: {},
    });
    expect(approve.statusCode).toBe(403);
  });
}

/**
 * Real concurrency exists only on a PostgreSQL server (PGlite runs one
 * transaction at a time), so these run when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('concurrent redemptions on PostgreSQL', () => {
  it('50 redemptions at once of a product with stock 10: exactly 10 succeed, stock 0, no wallet negative', async () => {
    // Five members who could afford 3 each (15 in all): the stock is what runs out.
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => memberWithPoints('30')));
    const product = await createProduct(portal.app, admin, { price: '10', stock: 10 });
    const systemBefore = await redemptionsSystemBalance();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        redeem(portal.app, members[i % 5]!, { productId: product.id, quantity: 1, deliveryAddress: ADDRESS }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok).toHaveLength(10);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(['OUT_OF_STOCK', 'INSUFFICIENT_BALANCE']).toContain(errorOf(answer).code);
    }
    expect(await stockOf(portal.db, product.id)).toBe(0);
    let spent = 0n;
    for (const member of members) {
      const count = ok.filter((a) => a.json().member.id === member.user.id).length;
      expect(count).toBeLessThanOrEqual(3);
      const points = (await balances(portal.app, member)).points;
      expect(points).toBe(`${30 - 10 * count}.00`);
      spent += BigInt(count) * 10n * 10n ** 18n;
    }
    expect(await redemptionsSystemBalance()).toBe(systemBefore + spent);
    await assertBooksConsistent(portal.db);
  });

  it('a member spending on two products at once never goes below zero', async () => {
    const member = await memberWithPoints('50');
    const a = await createProduct(portal.app, admin, { price: '20', stock: 100 });
    const b = await createProduct(portal.app, admin, { price: '15', stock: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        redeem(portal.app, member, { productId: (i % 2 ? a : b).id, quantity: 1, deliveryAddress: ADDRESS }),
      ),
    );
    const ok = answers.filter((x) => x.statusCode === 201);
    const spent = ok.reduce((sum, x) => sum + Number(x.json().points), 0);
    expect(spent).toBeLessThanOrEqual(50);
    expect(Number((await balances(portal.app, member)).points)).toBe(50 - spent);
    expect((await stockOf(portal.db, a.id)) + (await stockOf(portal.db, b.id))).toBe(200 - ok.length);
    await assertBooksConsistent(portal.db);
  });

  it('the same redemption rejected twice at once is refunded once', async () => {
    const member = await memberWithPoints('40');
    const product = await createProduct(portal.app, admin, { price: '40', stock: 1 });
    const redeemed = (
      await redeem(portal.app, member, { productId: product.id, quantity: 1, deliveryAddress: ADDRESS })
    ).json();
    const answers = await Promise.all([1, 2, 3].map(() => decide('reject', redeemed.id, { reason: 'Race' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await balances(portal.app, member)).points).toBe('40.00');
    expect(await stockOf(portal.db, product.id)).toBe(1);
    await assertBooksConsistent(portal.db);
  });
});

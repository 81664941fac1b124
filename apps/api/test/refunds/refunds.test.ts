import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromBaseUnits } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  login,
  loginAdmin,
  type Session,
  type TestPortal,
  startPortal,
} from '../harness';
import { assertBooksConsistent, balances, booksFingerprint, convert } from '../ledger/ledger-helpers';
import { close, day, fundedMember, mustBuy, workedDayOne } from '../plan/plan-helpers';
import { invitedAdmin } from '../admin-users/invite-helpers';
import { statementOf } from '../../src/statements/statement-of';
import { renderStatement } from '../../src/statements/render';
import { pdfText } from '../../../../e2e/support/pdf';
import { enableTwoFactor } from '../two-factor/two-factor-helpers';

let portal: TestPortal;
let admin: Session;
beforeEach(async () => {
  portal = await startPortal();
  admin = await loginAdmin(portal.app);
  await enableAdminTwoFactor(portal, admin);
});
afterEach(async () => {
  await portal.close();
});

const cancel = (member: Session, purchaseId: number, key?: string) =>
  portal.app.inject({
    method: 'POST',
    url: `/api/purchases/${purchaseId}/cancel`,
    headers: { ...bearer(member), ...(key ? { 'idempotency-key': key } : {}) },
  });

async function purchasesOf(member: Session) {
  const res = await portal.app.inject({ method: 'GET', url: '/api/purchases?pageSize=100', headers: bearer(member) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    items: Array<{ id: number; package: { name: string }; refunded: unknown; cancelUntil: string | null }>;
  }>().items;
}

async function owed(memberId: number): Promise<string> {
  const { rows } = await portal.db.query<{ owed: string }>(
    sql`SELECT COALESCE(-sum(balance), 0)::text AS owed FROM ledger_accounts WHERE owner_id = ${memberId} AND wallet = 'owed'`,
  );
  return fromBaseUnits(BigInt(rows[0]!.owed));
}

async function legs(memberId: number) {
  const { rows } = await portal.db.query<{ l: string; r: string; ll: string; rl: string }>(
    sql`SELECT left_volume::text AS l, right_volume::text AS r, left_lifetime_volume::text AS ll, right_lifetime_volume::text AS rl
          FROM network_nodes WHERE member_id = ${memberId}`,
  );
  return rows[0];
}

/** The admin's journal and trial balance name what alice owes: a line of its own, the books balanced. */
async function expectOwedInTheBooks() {
  const journal = await portal.app.inject({
    method: 'GET',
    url: '/api/admin/transactions?type=clawback',
    headers: bearer(admin),
  });
  expect(journal.statusCode, journal.body).toBe(200);
  expect(journal.body).toContain('alice / amount owed');
  const today = day(0);
  const books = await portal.app.inject({
    method: 'GET',
    url: `/api/admin/books/trial-balance?from=${today}&to=${today}`,
    headers: bearer(admin),
  });
  expect(books.statusCode, books.body).toBe(200);
  const answer = books.json<{
    lines: Array<{ code: string; account: string; closingDebit: string }>;
    totals: Array<{ balanced: boolean }>;
  }>();
  expect(answer.lines.find((l) => l.code === 'members_owed')).toMatchObject({
    account: 'What members owe after clawbacks',
    closingDebit: '85.00',
  });
  expect(answer.totals.every((t) => t.balanced)).toBe(true);
}

/** alice's statement of the month names the purchase the clawback undid, with what it took and left owed. */
async function expectClawbackInTheStatement(memberId: number, purchaseId: number) {
  const month = portal.clock.now.toISOString().slice(0, 7);
  const statement = await statementOf(portal.db, memberId, month, portal.clock.now);
  const what = `Cancellation of carol's Gold (purchase #${purchaseId})`;
  expect(statement.clawbacks).toMatchObject([
    {
      what,
      referral: 100_000_000_000_000_000_000n,
      matching: 20_000_000_000_000_000_000n,
      owed: 85_000_000_000_000_000_000n,
    },
  ]);
  const text = pdfText(await renderStatement(statement, { compress: false }));
  expect(text).toContain(what);
  expect(text).toContain('85.00');
}

describe('cancelling carol’s Gold after the day-1 close (docs/plan.md, "Cancellations and refunds")', () => {
  it('gives back the price, claws back the bonuses exactly and leaves the rest owed, repaid from later income', async () => {
    const { A, B, C, D, ids } = await workedDayOne(portal, admin);
    expect((await close(portal.app, admin, day(-1))).statusCode).toBe(201);
    expect((await balances(portal.app, A)).income).toBe('135.00');
    // alice spends 100 of her income on points before the cancellation.
    expect((await convert(portal.app, A, { amount: '100' })).statusCode).toBe(201);

    const gold = (await purchasesOf(C)).find((p) => p.package.name === 'Gold')!;
    expect(gold.cancelUntil).not.toBeNull();
    const res = await cancel(C, gold.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'cancellation',
      price: '1000.00',
      buyer: 'carol',
      packageName: 'Gold',
      packageAfter: null,
      clawbacks: [{ username: 'alice', referral: '100.00', matching: '20.00', taken: '35.00', owed: '85.00' }],
    });
    expect((await balances(portal.app, C)).deposit).toBe('10000.00');
    expect((await balances(portal.app, A)).income).toBe('0.00');
    expect(await owed(A.user.id)).toBe('85.00');
    const aWallets = await portal.app.inject({ method: 'GET', url: '/api/wallets', headers: bearer(A) });
    expect(aWallets.json()).toMatchObject({ owed: '85.00' });
    expect(await legs(A.user.id)).toMatchObject({ l: '200', r: '0', ll: '200', rl: '0' });
    const status = await portal.app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(C) });
    expect(status.json()).toMatchObject({ active: false, package: null });
    // The line names the purchase it undoes, for the buyer and for alice.
    const aLines = await portal.app.inject({
      method: 'GET',
      url: '/api/wallets/entries?wallet=income',
      headers: bearer(A),
    });
    expect(aLines.body).toContain(`Clawback: Cancellation of carol's Gold (purchase #${gold.id})`);
    expect((await purchasesOf(C)).find((p) => p.id === gold.id)).toMatchObject({
      refunded: { kind: 'cancellation' },
      cancelUntil: null,
    });

    await expectOwedInTheBooks();
    await expectClawbackInTheStatement(A.user.id, gold.id);

    // Day 2: erin's Platinum pays alice 250, of which 85 repays what she owes; dave's Gold 50 more.
    const E = await fundedMember(portal, admin, 'erin', 'bob', 'right');
    await mustBuy(portal.app, E, ids.Platinum!);
    expect(await owed(A.user.id)).toBe('0.00');
    expect((await balances(portal.app, A)).income).toBe('165.00');
    await mustBuy(portal.app, D, ids.Gold!);
    const day2 = await close(portal.app, admin, day(0));
    expect(day2.json()).toMatchObject({ members: 1, paid: '100.00' });
    expect((await balances(portal.app, A)).income).toBe('215.00');
    expect((await balances(portal.app, B)).income).toBe('710.00');
    expect(await legs(A.user.id)).toMatchObject({ l: '6200', r: '0' });
    await assertBooksConsistent(portal.db);
  });

  it('moves nothing the second time: a repeated key answers the first, another request is refused', async () => {
    const { C } = await workedDayOne(portal, admin);
    await close(portal.app, admin, day(-1));
    const gold = (await purchasesOf(C)).find((p) => p.package.name === 'Gold')!;
    const first = await cancel(C, gold.id, 'cancel-gold');
    expect(first.statusCode, first.body).toBe(200);
    const books = await booksFingerprint(portal.db);
    const replay = await cancel(C, gold.id, 'cancel-gold');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const again = await cancel(C, gold.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('PURCHASE_ALREADY_REFUNDED');
    expect(await booksFingerprint(portal.db)).toBe(books);
  });

  it('refuses another member’s purchase, and a purchase past the window or with the window off', async () => {
    const { A, C } = await workedDayOne(portal, admin);
    const gold = (await purchasesOf(C)).find((p) => p.package.name === 'Gold')!;
    const notMine = await cancel(A, gold.id);
    expect(notMine.statusCode).toBe(404);
    expect(errorOf(notMine).code).toBe('PURCHASE_NOT_FOUND');
    expect(errorOf(await cancel(C, 999_999)).code).toBe('PURCHASE_NOT_FOUND');

    const off = await portal.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { cancellationDays: '0' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const books = await booksFingerprint(portal.db);
    expect((await purchasesOf(C)).every((p) => p.cancelUntil === null)).toBe(true);
    const closed = await cancel(C, gold.id);
    expect(closed.statusCode).toBe(422);
    expect(errorOf(closed)).toMatchObject({ code: 'CANCELLATION_WINDOW_CLOSED' });
    expect(await booksFingerprint(portal.db)).toBe(books);
  });
});

describe('the cancellation window', () => {
  it('closes 14 days after the purchase: Cancel is no longer offered and the API refuses', async () => {
    const { C } = await workedDayOne(portal, admin);
    portal.clock.advance(15 * 86_400_000);
    const carol = await login(portal.app, C.user.username, C.password);
    const gold = (await purchasesOf(carol)).find((p) => p.package.name === 'Gold')!;
    expect(gold.cancelUntil).toBeNull();
    const books = await booksFingerprint(portal.db);
    const late = await cancel(carol, gold.id);
    expect(late.statusCode).toBe(422);
    expect(errorOf(late)).toMatchObject({
      code: 'CANCELLATION_WINDOW_CLOSED',
      message: expect.stringContaining('14 days ended on'),
    });
    expect(await booksFingerprint(portal.db)).toBe(books);
  });
});

describe('an admin refund', () => {
  it('undoes any purchase with a reason, audited, before its day is closed too', async () => {
    const { A, C } = await workedDayOne(portal, admin);
    const gold = (await purchasesOf(C)).find((p) => p.package.name === 'Gold')!;
    const refund = (reason: unknown) =>
      portal.app.inject({
        method: 'POST',
        url: `/api/admin/purchases/${gold.id}/refund`,
        headers: bearer(admin),
        payload: { reason },
      });
    expect((await refund('')).statusCode).toBe(400);
    const res = await refund('Customer returned the starter kit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'refunded',
      request: null,
      refund: {
        kind: 'refund',
        reason: 'Customer returned the starter kit',
        clawbacks: [{ username: 'alice', referral: '100.00', matching: '0.00', taken: '100.00', owed: '0.00' }],
      },
    });
    // Not closed yet: the BV simply never matches.
    const day1 = await close(portal.app, admin, day(-1));
    expect(day1.json()).toMatchObject({ members: 0, paid: '0.00' });
    expect((await balances(portal.app, A)).income).toBe('15.00');
    expect(await legs(A.user.id)).toMatchObject({ l: '200', r: '0' });
    const listed = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/purchases?state=undone&search=caro',
      headers: bearer(admin),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [
        {
          id: gold.id,
          member: { username: 'carol' },
          refunded: { kind: 'refund' },
          reason: 'Customer returned the starter kit',
        },
      ],
    });
    const standing = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/purchases?state=standing',
      headers: bearer(admin),
    });
    expect(
      standing
        .json()
        .items.map((p: { member: { username: string } }) => p.member.username)
        .sort(),
    ).toEqual(['alice', 'bob', 'dave']);
    const csv = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/purchases?format=csv',
      headers: bearer(admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Customer returned the starter kit');
    const audit = await portal.db.query(
      sql`SELECT 1 FROM audit_log WHERE action = 'purchase.refund' AND target_id = ${String(gold.id)}`,
    );
    expect(audit.rows).toHaveLength(1);
    await assertBooksConsistent(portal.db);
  });
});

describe('a large refund', () => {
  it('above the large-approval threshold takes two admins: the first asks and nothing moves, another confirms', async () => {
    const { B, ids } = await workedDayOne(portal, admin);
    const E = await fundedMember(portal, admin, 'erin', 'bob', 'right');
    const platinum = (await mustBuy(portal.app, E, ids.Platinum!)) as { id: number };
    const refund = (session: Session, reason = 'Bought by mistake') =>
      portal.app.inject({
        method: 'POST',
        url: `/api/admin/purchases/${platinum.id}/refund`,
        headers: bearer(session),
        payload: { reason },
      });
    const books = await booksFingerprint(portal.db);
    const asked = await refund(admin);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      state: 'requested',
      refund: null,
      request: { requestedBy: { username: 'admin' }, reason: 'Bought by mistake' },
    });
    // Nothing moved: only the request's audit entry is new.
    const withoutAudit = (fingerprint: string) => ({ ...JSON.parse(fingerprint), audit: undefined }) as unknown;
    expect(withoutAudit(await booksFingerprint(portal.db))).toEqual(withoutAudit(books));
    expect((await balances(portal.app, B)).income).toBe('510.00');
    const again = await refund(admin);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('SECOND_APPROVAL_SAME_ADMIN');
    const listed = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/purchases?search=erin',
      headers: bearer(admin),
    });
    expect(listed.json().items[0]).toMatchObject({
      needsSecondAdmin: true,
      refundRequest: { requestedBy: { username: 'admin' }, reason: 'Bought by mistake' },
    });

    const second = await invitedAdmin(portal, admin, 'secondadmin');
    await enableTwoFactor(portal, second);
    const done = await refund(second, 'confirming');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      state: 'refunded',
      refund: { buyer: 'erin', price: '5000.00', reason: 'Bought by mistake' },
    });
    expect((await balances(portal.app, E)).deposit).toBe('10000.00');
    expect((await balances(portal.app, B)).income).toBe('10.00');
    const { rows } = await portal.db.query<{ refunded_by: number; confirmed_by: number }>(
      sql`SELECT refunded_by, confirmed_by FROM purchase_refunds WHERE purchase_id = ${platinum.id}`,
    );
    expect(rows[0]).toEqual({ refunded_by: admin.user.id, confirmed_by: second.user.id });
    await assertBooksConsistent(portal.db);
  });
});

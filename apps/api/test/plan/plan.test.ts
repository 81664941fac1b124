import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allMatchingBonuses, allReferralBonuses } from '../../src/bonuses/list';
import { rollUpNetwork } from '../../src/network/rollup';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { assertBooksConsistent, balances, booksFingerprint, fund } from '../ledger/ledger-helpers';
import { place } from '../network/network-helpers';
import { buy, close, day, maintainedLegs, mustBuy, packageIds, rebuildLegs } from './plan-helpers';
import { sql } from '../../src/platform/db/sql';
import { percentToPpm } from '../../src/plan/rules';
import { bvToUnits, unitsToBv } from '../../src/shared/bv';

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

async function member(name: string, sponsor: string, side?: 'left' | 'right', deposit = '10000') {
  const session = await registerMember(portal.app, { username: name, sponsor, side });
  if (deposit !== '0') await fund(portal.app, admin, session.user.id, 'deposit', deposit);
  return session;
}

async function income(session: Session) {
  return (await balances(portal.app, session)).income;
}

async function bonuses(session: Session, type: 'referral' | 'matching') {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/bonuses?type=${type}&pageSize=100`,
    headers: bearer(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the worked example of docs/plan.md', () => {
  it('pays every referral and matching figure of the hand calculation, over two days', paysTheWorkedExample);
});

/** Day 1 and day 2 of docs/plan.md's hand calculation, every figure checked. */
async function paysTheWorkedExample() {
  const { app, db } = portal;
  const A = await member('alice', 'company', 'left');
  const B = await member('bob', 'alice', 'left');
  const C = await member('carol', 'alice', 'right');
  const D = await member('dave', 'bob', 'left');
  const ids = await packageIds(app, A);

  // Day 1.
  await mustBuy(app, A, ids.Starter!);
  const bBuys = await mustBuy(app, B, ids.Starter!);
  expect(bBuys.referralPaid).toEqual([{ level: 1, username: 'alice', rate: '10', amount: '10.00' }]);
  await mustBuy(app, C, ids.Gold!);
  const dBuys = await mustBuy(app, D, ids.Starter!);
  expect(dBuys.kind).toBe('purchase');
  expect(dBuys.referralPaid).toEqual([
    { level: 1, username: 'bob', rate: '10', amount: '10.00' },
    { level: 2, username: 'alice', rate: '5', amount: '5.00' },
  ]);
  expect(await income(A)).toBe('115.00');
  expect(await income(B)).toBe('10.00');

  const day1 = await close(app, admin, day(-1));
  expect(day1.statusCode, day1.body).toBe(201);
  expect(day1.json()).toMatchObject({ members: 1, matched: '200', paid: '20.00', flushed: '0.00' });
  expect(await income(A)).toBe('135.00');
  const aMatch1 = (await bonuses(A, 'matching')).items;
  expect(aMatch1).toEqual([
    expect.objectContaining({
      closeDate: day(-1),
      leftVolume: '200',
      rightVolume: '1000',
      matched: '200',
      earned: '20.00',
      dailyCap: '100.00',
      paid: '20.00',
      flushed: '0.00',
      carryLeft: '0',
      carryRight: '800',
    }),
  ]);

  // Day 2.
  const E = await member('erin', 'bob', 'right');
  const eBuys = await mustBuy(app, E, ids.Platinum!);
  // Level 3 is the company root, which never bought: its 2% goes to nobody.
  expect(eBuys.referralPaid).toEqual([
    { level: 1, username: 'bob', rate: '10', amount: '500.00' },
    { level: 2, username: 'alice', rate: '5', amount: '250.00' },
  ]);
  const dAgain = await mustBuy(app, D, ids.Gold!);
  expect(dAgain.kind).toBe('repurchase');

  // Before the close, bob's dashboard already shows what it will pay him.
  const bStatus = await app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(B) });
  expect(bStatus.json()).toMatchObject({
    leftVolume: '1100',
    rightVolume: '5000',
    nextClose: { matched: '1100', bonus: '100.00', flushed: '10.00' },
  });
  const day2 = await close(app, admin, day(0));
  expect(day2.statusCode, day2.body).toBe(201);
  expect(day2.json()).toMatchObject({ members: 2, matched: '1900', paid: '180.00', flushed: '10.00' });
  const bMatch = (await bonuses(B, 'matching')).items;
  expect(bMatch).toEqual([
    expect.objectContaining({
      leftVolume: '1100',
      rightVolume: '5000',
      matched: '1100',
      earned: '110.00',
      dailyCap: '100.00',
      paid: '100.00',
      flushed: '10.00',
      carryLeft: '0',
      carryRight: '3900',
    }),
  ]);
  const aMatch2 = (await bonuses(A, 'matching')).items[0];
  expect(aMatch2).toMatchObject({
    closeDate: day(0),
    leftVolume: '6000',
    rightVolume: '800',
    matched: '800',
    earned: '80.00',
    paid: '80.00',
    carryLeft: '5200',
    carryRight: '0',
  });

  // Totals: alice 415 referral + 100 matching, bob 610 + 100.
  expect(await income(A)).toBe('515.00');
  expect(await income(B)).toBe('710.00');
  expect(await income(C)).toBe('0.00');
  expect((await bonuses(A, 'referral')).totalPaid).toBe('415.00');
  const summary = await app.inject({ method: 'GET', url: '/api/income/summary', headers: bearer(B) });
  expect(summary.json().totals).toEqual({ referral: '610.00', matching: '100.00', rank: '0.00', total: '710.00' });
  expect((await balances(app, D)).deposit).toBe(String(10000 - 100 - 1000) + '.00');

  const status = await app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(D) });
  expect(status.json()).toMatchObject({
    active: true,
    package: { name: 'Gold' },
    placed: true,
    nextClose: { matched: '0', bonus: '0.00' },
  });

  const dash = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(dash.json()).toMatchObject({
    members: 5,
    activeMembers: 5,
    sales: '7300.00',
    purchases: 6,
    bonusesPaid: { referral: '1025.00', matching: '200.00', total: '1225.00' },
    payoutRatio: '16.78',
  });

  await assertBooksConsistent(db);
  expect(await maintainedLegs(db)).toEqual(await rebuildLegs(db));
}

describe('purchases', () => {
  purchaseRefusalAndKeyTests();
  referralAndVolumeTests();
});

function purchaseRefusalAndKeyTests() {
  it('refuses bad input with its own error and moves nothing', async () => {
    const { app, db } = portal;
    const A = await member('ann', 'company', 'left', '150');
    const ids = await packageIds(app, A);
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${ids.Silver}`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const before = await booksFingerprint(db);

    const unknown = await buy(app, A, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('PACKAGE_NOT_FOUND');
    const inactive = await buy(app, A, ids.Silver);
    expect(inactive.statusCode).toBe(422);
    expect(errorOf(inactive)).toMatchObject({ code: 'PACKAGE_INACTIVE', field: 'packageId' });
    const poor = await buy(app, A, ids.Gold);
    expect(poor.statusCode).toBe(422);
    expect(errorOf(poor).code).toBe('INSUFFICIENT_BALANCE');
    for (const bad of ['1', 1.5, -2, null]) {
      const res = await buy(app, A, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(errorOf(res).field).toBe('packageId');
    }
    expect(await booksFingerprint(db)).toBe(before);
    const state = await db.query<{ active: boolean; n: number }>(
      sql`SELECT m.active, (SELECT count(*)::int FROM purchases) AS n FROM members m WHERE m.user_id = ${A.user.id}`,
    );
    expect(state.rows[0]).toEqual({ active: false, n: 0 });
    const events = await db.query(sql`SELECT 1 FROM network_events WHERE kind = 'volume'`);
    expect(events.rows).toEqual([]);
  });

  it('a repeated Idempotency-Key answers the first purchase and moves nothing twice', async () => {
    const { app, db } = portal;
    const S = await member('sam', 'company', 'left');
    const A = await member('amy', 'sam', 'left', '250');
    await mustBuy(app, S, (await packageIds(app, S)).Starter!);
    const ids = await packageIds(app, A);
    const first = await buy(app, A, ids.Starter, 'key-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await buy(app, A, ids.Starter, 'key-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await buy(app, A, ids.Silver, 'key-1');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await balances(app, A)).deposit).toBe('150.00');
    expect(await income(S)).toBe('10.00');
    const count = await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM purchases WHERE member_id = ${A.user.id}`,
    );
    expect(count.rows[0]!.n).toBe(1);
    // A new key is a new purchase, now a repurchase.
    const second = await buy(app, A, ids.Starter, 'key-2');
    expect(second.json().kind).toBe('repurchase');
    const history = await app.inject({ method: 'GET', url: '/api/purchases?kind=repurchase', headers: bearer(A) });
    expect(history.json()).toMatchObject({
      total: 1,
      items: [{ kind: 'repurchase', package: { name: 'Starter' }, price: '100.00', bv: '100' }],
    });
    await assertBooksConsistent(db);
  });

  it('replays a key with the first answer, at the rate it paid, after the rates changed; an answer stored before migration 0017 replays as sent', async () => {
    const { app, db } = portal;
    const S = await member('keysponsor', 'company', 'left');
    const A = await member('keybuyer', 'keysponsor', 'left');
    const ids = await packageIds(app, A);
    await mustBuy(app, S, ids.Starter!);
    const first = await buy(app, A, ids.Starter, 'rate-key');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().referralPaid).toEqual([{ level: 1, username: 'keysponsor', rate: '10', amount: '10.00' }]);
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { referralLevel1Percent: '12.5' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const before = await booksFingerprint(db);
    const again = await buy(app, A, ids.Starter, 'rate-key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await booksFingerprint(db)).toBe(before);
    // Keys claimed before the statement stored its own result hold the answer as it was sent.
    await db.query(sql`UPDATE idempotency_keys SET response = ${JSON.stringify(first.json())}
                        WHERE user_id = ${A.user.id} AND operation = 'purchase' AND key = 'rate-key'`);
    const legacy = await buy(app, A, ids.Starter, 'rate-key');
    expect(legacy.headers['idempotent-replayed']).toBe('true');
    expect(legacy.json()).toEqual(first.json());
  });
}

function referralAndVolumeTests() {
  it('pays only active uplines, three levels, with no compression', async () => {
    const { app } = portal;
    const L3 = await member('lvl3', 'company', 'left');
    const L2 = await member('lvl2', 'lvl3', 'left');
    const L1 = await member('lvl1', 'lvl2', 'left');
    const X = await member('buyer', 'lvl1', 'left');
    const ids = await packageIds(app, X);
    await mustBuy(app, L3, ids.Starter!);
    await mustBuy(app, L1, ids.Starter!); // l2 inactive: no 10%; l3 level 2 gets 5
    const res = await mustBuy(app, X, ids.Gold!);
    expect(res.referralPaid).toEqual([
      { level: 1, username: 'lvl1', rate: '10', amount: '100.00' },
      { level: 3, username: 'lvl3', rate: '2', amount: '20.00' },
    ]);
    expect(await income(L2)).toBe('0.00');
    expect(await income(L3)).toBe('25.00');
    // A settings change applies to later purchases only.
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { referralLevel1Percent: '12.5', referralLevel3Percent: '0' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const later = await mustBuy(app, X, ids.Starter!);
    expect(later.referralPaid).toEqual([{ level: 1, username: 'lvl1', rate: '12.5', amount: '12.50' }]);
    expect((await bonuses(L1, 'referral')).items.map((b: { amount: string }) => b.amount)).toEqual(['12.50', '100.00']);
  });

  it("keeps an unplaced member's volume and lets it flow up at placement", async () => {
    const { app, db } = portal;
    const A = await member('top', 'company', 'left');
    const ids = await packageIds(app, A);
    await mustBuy(app, A, ids.Starter!);
    const W = await member('waiting', 'top', undefined);
    const R = await member('righty', 'top', 'right');
    await mustBuy(app, R, ids.Silver!);
    const res = await mustBuy(app, W, ids.Gold!);
    expect(res.volumePending).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(W) })).json()).toMatchObject({
      placed: false,
      pendingVolume: '1000',
    });
    const status = async () =>
      (await app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(A) })).json();
    expect(await status()).toMatchObject({ leftVolume: '0', rightVolume: '500' });
    const placed = await place(app, A, { memberId: W.user.id, auto: 'left' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await status()).toMatchObject({ leftVolume: '1000', rightVolume: '500' });
    await rollUpNetwork(db);
    expect(await status()).toMatchObject({ leftVolume: '1000', rightVolume: '500' });
    expect(await maintainedLegs(db)).toEqual(await rebuildLegs(db));
  });
}

describe('the daily close', () => {
  closeDaysTests();
  nextCloseTests();
  bonusListTests();
});

function closeDaysTests() {
  it('is idempotent per day, refuses the future and days before the last close', async () => {
    const { app, db } = portal;
    const A = await member('aaa1', 'company', 'left');
    const L = await member('a1l', 'aaa1', 'left');
    const R = await member('a1r', 'aaa1', 'right');
    const ids = await packageIds(app, A);
    for (const s of [A, L, R]) await mustBuy(app, s, ids.Starter!);
    const first = await close(app, admin, day(-1));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, paid: '10.00' });
    const fingerprint = await booksFingerprint(db);
    const again = await close(app, admin, day(-1));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), created: false });
    expect(await booksFingerprint(db)).toBe(fingerprint);
    // One audit row, written with the close itself: the repeat adds none.
    const audited = await db.query<{ actor_id: number; target_id: string }>(
      sql`SELECT actor_id, target_id FROM audit_log WHERE action = 'plan.close'`,
    );
    expect(audited.rows).toEqual([{ actor_id: admin.user.id, target_id: day(-1) }]);
    const future = await close(app, admin, day(1));
    expect(future.statusCode).toBe(422);
    expect(errorOf(future)).toMatchObject({ code: 'CLOSE_IN_FUTURE', field: 'date' });
    const earlier = await close(app, admin, day(-2));
    expect(earlier.statusCode).toBe(422);
    expect(errorOf(earlier).code).toBe('CLOSE_OUT_OF_ORDER');
    const bad = await close(app, admin, '2026-13-01');
    expect(bad.statusCode).toBe(400);
    const asMember = await app.inject({
      method: 'POST',
      url: '/api/admin/plan/close',
      headers: bearer(A),
      payload: { date: day(0) },
    });
    expect(asMember.statusCode).toBe(403);
    expect(await income(A)).toBe('30.00');
  });

  it('after days nobody closed, covers them all: their volume under the daily cap times the days', async () => {
    const { app } = portal;
    const A = await member('capper', 'company', 'left');
    const L = await member('capl', 'capper', 'left');
    const R = await member('capr', 'capper', 'right');
    const ids = await packageIds(app, A);
    await mustBuy(app, A, ids.Starter!); // daily cap 100 USDT
    const first = await close(app, admin, day(-3));
    expect(first.json()).toMatchObject({ days: 1, members: 0 });
    await mustBuy(app, L, ids.Platinum!);
    await mustBuy(app, R, ids.Platinum!);
    // Days -2 and -1 were never closed: today's close covers three days.
    const covering = await close(app, admin, day(0));
    expect(covering.statusCode, covering.body).toBe(201);
    expect(covering.json()).toMatchObject({ days: 3, members: 1, matched: '5000', paid: '300.00', flushed: '200.00' });
    const record = (await bonuses(A, 'matching')).items[0];
    expect(record).toMatchObject({
      matched: '5000',
      earned: '500.00',
      dailyCap: '300.00',
      paid: '300.00',
      flushed: '200.00',
      carryLeft: '0',
      carryRight: '0',
    });
    // 2 × 10% referral of the Platinum purchases, plus the capped matching bonus.
    expect(await income(A)).toBe('1300.00');
  });
}

function nextCloseTests() {
  it('shows members the next close by the rule the close pays by, at the matching rate in force', async () => {
    const { app, db } = portal;
    const A = await member('nexter', 'company', 'left');
    const L = await member('nextl', 'nexter', 'left');
    const R = await member('nextr', 'nexter', 'right');
    const ids = await packageIds(app, A);
    await mustBuy(app, A, ids.Starter!); // daily cap 100 USDT
    await mustBuy(app, L, ids.Platinum!);
    await mustBuy(app, R, ids.Gold!);
    const status = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(A) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().nextClose;
    };
    const dashboard = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(A) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().plan.nextClose;
    };
    /** What `read` answers, and how many times it asked plan_match_day on its own (the rate it expected was not in force). */
    const asking = async <T>(read: () => Promise<T>): Promise<[T, number]> => {
      const statements = vi.spyOn(db, 'query');
      try {
        const value = await read();
        return [value, statements.mock.calls.filter(([q]) => q.toQuery().text.includes('FROM plan_match_day(')).length];
      } finally {
        statements.mockRestore();
      }
    };
    expect(await status()).toEqual({ matched: '1000', bonus: '100.00', flushed: '0.00' });
    expect(await dashboard()).toEqual({ matched: '1000', bonus: '100.00', flushed: '0.00' });

    // Another process changes the rate: this one computes the next close at the rate it read last, sees that
    // another is in force, and asks again at that one; after that the statement has the rate right.
    const setRate = (percent: string) =>
      db.query(
        sql`INSERT INTO settings (key, value) VALUES ('matchingPercent', ${JSON.stringify(percent)})
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      );
    await setRate('12.5');
    const capped = { matched: '1000', bonus: '100.00', flushed: '25.00' };
    expect(await asking(status)).toEqual([capped, 1]);
    expect(await asking(status)).toEqual([capped, 0]);
    expect(await asking(dashboard)).toEqual([capped, 0]);
    await setRate('8');
    const lower = { matched: '1000', bonus: '80.00', flushed: '0.00' };
    expect(await asking(dashboard)).toEqual([lower, 1]);
    expect(await asking(dashboard)).toEqual([lower, 0]);
    expect(await asking(status)).toEqual([lower, 0]);
  });

  it('tells members the matched BV at which the next close pays their daily cap, by the rule and rate the close pays by', async () => {
    const { app, db } = portal;
    const A = await member('capper', 'company', 'left');
    const L = await member('capl', 'capper', 'left');
    const W = await member('capwait', 'capper', undefined);
    const ids = await packageIds(app, A);
    const status = async (session: Session) => {
      const res = await app.inject({ method: 'GET', url: '/api/plan/status', headers: bearer(session) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Not active yet, then active but with nothing placed under it: no next close, no figure.
    expect((await status(A)).capMatched).toBeNull();
    await mustBuy(app, A, ids.Starter!); // daily cap 100 USDT, matching 10%: the cap from 1,000 BV matched on
    await mustBuy(app, L, ids.Silver!);
    expect(await status(A)).toMatchObject({
      leftVolume: '500',
      rightVolume: '0',
      package: { dailyCap: '100.00' },
      nextClose: { matched: '0', bonus: '0.00' },
      capMatched: '1000',
    });
    // A member waiting for placement has no next close, so no figure either.
    await mustBuy(app, W, ids.Starter!);
    expect(await status(W)).toMatchObject({ placed: false, nextClose: null, capMatched: null });
    // The dashboard says the same.
    const dash = await app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(A) });
    expect(dash.json().plan.capMatched).toBe('1000');

    const setRate = (percent: string) =>
      db.query(
        sql`INSERT INTO settings (key, value) VALUES ('matchingPercent', ${JSON.stringify(percent)})
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      );
    const CAP = '100000000000000000000'; // 100 USDT in base units
    for (const [percent, expected] of [
      ['12.5', '800'],
      ['8', '1250'],
      ['3', '3333.333333333333333334'],
      ['0', null],
    ] as const) {
      await setRate(percent);
      expect((await status(A)).capMatched, `at ${percent}%`).toBe(expected);
      if (expected === null) continue;
      // plan_match_day pays the full cap from that figure on, and less than it one base unit of BV below.
      const rate = percentToPpm(percent).toString();
      const paid = async (matched: string) =>
        BigInt(
          (
            await db.query<{ paid: string }>(
              sql`SELECT paid::text AS paid FROM plan_match_day(${matched}::numeric, ${matched}::numeric, ${rate}::numeric, ${CAP}::numeric)`,
            )
          ).rows[0]!.paid,
        );
      expect(await paid(expected)).toBe(BigInt(CAP));
      expect(await paid(unitsToBv(bvToUnits(expected) - 1n))).toBeLessThan(BigInt(CAP));
    }
  });
}

function bonusListTests() {
  it("lists everyone's matching and referral records in every order, in pages and as a CSV walked from the last row, with the closes' totals", async () => {
    const { app, db } = portal;
    const A = await member('mroot', 'company', 'left');
    const L = await member('mleft', 'mroot', 'left');
    const R = await member('mright', 'mroot', 'right');
    const LL = await member('mll', 'mleft', 'left');
    const LR = await member('mlr', 'mleft', 'right');
    const ids = await packageIds(app, A);
    for (const s of [A, L, R, LL, LR]) await mustBuy(app, s, ids.Starter!);
    await close(app, admin, day(-1));
    for (const s of [R, LL, LR]) await mustBuy(app, s, ids.Starter!);
    await close(app, admin, day(0));
    const page = async (q: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/bonuses?type=matching&pageSize=100${q}`,
          headers: bearer(admin),
        })
      ).json();
    for (const sort of ['-date', 'date', 'amount', '-amount'] as const) {
      const whole = await page(`&sort=${sort}`);
      expect(whole).toMatchObject({ total: 4, totalPaid: '40.00' });
      // The CSV's generator, one row per batch, reads the same rows in the same order.
      const walked: unknown[] = [];
      for await (const row of allMatchingBonuses(db, { type: 'matching', sort, page: 1, pageSize: 100 }, 1))
        walked.push(row);
      expect(walked, sort).toEqual(whole.items);
      // The referral CSV's generator likewise (date orders walk the id).
      const referrals = (
        await app.inject({
          method: 'GET',
          url: `/api/admin/bonuses?type=referral&pageSize=100&sort=${sort}`,
          headers: bearer(admin),
        })
      ).json();
      expect(referrals.total).toBeGreaterThan(3);
      const walkedReferrals: unknown[] = [];
      for await (const row of allReferralBonuses(db, { type: 'referral', sort, page: 1, pageSize: 100 }, 1))
        walkedReferrals.push(row);
      expect(walkedReferrals, sort).toEqual(referrals.items);
    }
    expect(
      (await page('')).items.map((r: { closeDate: string; member: string }) => `${r.closeDate} ${r.member}`),
    ).toEqual([`${day(0)} mleft`, `${day(0)} mroot`, `${day(-1)} mleft`, `${day(-1)} mroot`]);
    expect(await page(`&from=${day(0)}`)).toMatchObject({ total: 2, totalPaid: '20.00' });
    expect(await page(`&member=mroot&to=${day(-1)}`)).toMatchObject({ total: 1, totalPaid: '10.00' });
    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/bonuses?type=matching&format=csv',
      headers: bearer(admin),
    });
    expect(csv.body.trim().split('\r\n')).toHaveLength(5);
  });

  it('lists bonuses for admins with member and date filters, and as CSV', async () => {
    const { app } = portal;
    const A = await member('boss', 'company', 'left');
    const B = await member('kid', 'boss', 'left');
    const ids = await packageIds(app, A);
    await mustBuy(app, A, ids.Starter!);
    await mustBuy(app, B, ids.Silver!);
    const list = await app.inject({
      method: 'GET',
      url: `/api/admin/bonuses?type=referral&member=boss&from=${day(0)}`,
      headers: bearer(admin),
    });
    expect(list.json()).toMatchObject({
      total: 1,
      totalPaid: '50.00',
      items: [{ member: 'boss', buyer: 'kid', level: 1, amount: '50.00', packageName: 'Silver' }],
    });
    const none = await app.inject({
      method: 'GET',
      url: `/api/admin/bonuses?type=referral&to=${day(-1)}`,
      headers: bearer(admin),
    });
    expect(none.json().total).toBe(0);
    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/bonuses?type=referral&format=csv',
      headers: bearer(admin),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(',boss,kid,');
    const forbidden = await app.inject({ method: 'GET', url: '/api/admin/bonuses', headers: bearer(A) });
    expect(forbidden.statusCode).toBe(403);
  });
}

describe('package catalogue', () => {
  it('admins add and edit packages, audited; members see only active ones', async () => {
    const { app, db } = portal;
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: bearer(admin),
      payload: { name: 'Diamond', price: '10000', bv: '9000.5', dailyCap: '8000' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Diamond',
      price: '10000.00',
      bv: '9000.5',
      dailyCap: '8000.00',
      active: true,
    });
    const dup = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: bearer(admin),
      payload: { name: 'gold', price: '1', bv: '1', dailyCap: '1' },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: bearer(admin),
      payload: { name: 'X', price: '-1', bv: '1', dailyCap: '1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('price');
    const id = created.json().id;
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${id}`,
      headers: bearer(admin),
      payload: { active: false, dailyCap: '7000' },
    });
    expect(edit.json()).toMatchObject({ active: false, dailyCap: '7000.00' });
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/admin/packages/99999',
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(missing.statusCode).toBe(404);
    const M = await member('viewer', 'company', 'left', '0');
    const seen = await app.inject({ method: 'GET', url: '/api/packages', headers: bearer(M) });
    expect(seen.json().items.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Silver', 'Gold', 'Platinum']);
    const all = await app.inject({ method: 'GET', url: '/api/admin/packages', headers: bearer(admin) });
    expect(all.json().items).toHaveLength(5);
    const memberTries = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: bearer(M),
      payload: { name: 'Y', price: '1', bv: '1', dailyCap: '1' },
    });
    expect(memberTries.statusCode).toBe(403);
    const audit = await db.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'package.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['package.create', 'package.update']);
  });
});

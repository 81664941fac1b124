import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  loginAdmin,
  registerMember,
  startPortal,
  usePortal,
  type Session,
  type TestPortal,
} from '../harness';
import { assertBooksConsistent, balances } from '../ledger/ledger-helpers';
import { close, day, fundedMember as member, mustBuy, packageIds, workedDayOne } from '../plan/plan-helpers';
import { sql } from '../../src/platform/db/sql';
import { defineRank, threeRanks } from './rank-helpers';

/**
 * Ranks (docs/plan.md "Ranks", ADR 0043), on the hand-calculated scenarios
 * of docs/plan.md: who reaches what on which close, each bonus once, a
 * period rank lost and regained paying nothing twice, a lifetime rank kept
 * after its requirement rose, and a reviewed close paying rank bonuses with
 * its pay.
 */

async function get(app: FastifyInstance, session: Session, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const evaluateNow = (app: FastifyInstance, admin: Session) =>
  app.inject({ method: 'POST', url: '/api/admin/ranks/evaluate', headers: bearer(admin) });

const income = async (app: FastifyInstance, s: Session) => (await balances(app, s)).income;

/** Who holds which rank now, by username. */
async function held(portal: TestPortal): Promise<Record<string, string>> {
  const { rows } = await portal.db.query<{ username: string; rank: string }>(
    sql`SELECT u.username, r.name AS rank FROM member_ranks h JOIN users u ON u.id = h.member_id JOIN ranks r ON r.id = h.rank_id`,
  );
  return Object.fromEntries(rows.map((r) => [r.username, r.rank]));
}

describe('ranks on the worked example', () => {
  const { portal, admin } = usePortal();

  it('reaches Bronze on day 1, Silver and Leader on day 2, pays each bonus once and shows the progress', async () => {
    const { app } = portal;
    const ranks = await threeRanks(app, admin);
    const { A, B, C, D, ids } = await workedDayOne(portal, admin);

    // Before the first close: no rank yet, and the first rank's requirement in numbers.
    const none = await get(app, C, '/api/ranks/progress');
    expect(none).toMatchObject({ current: null, since: null, next: { name: 'Bronze', bonus: '10.00' } });
    expect(none.next.requirements).toEqual([
      { key: 'sponsored', label: 'Active members you sponsored', needed: '1', has: '0', missing: '1', met: false },
    ]);

    expect((await close(app, admin, day(-1))).statusCode).toBe(201);
    // alice sponsors bob and carol, bob sponsors dave: both Bronze (+10). alice's weaker leg is 200 BV.
    expect(await held(portal)).toEqual({ alice: 'Bronze', bob: 'Bronze' });
    expect(await income(app, A)).toBe('145.00'); // 115 referral + 20 matching + 10
    expect(await income(app, B)).toBe('20.00'); // 10 referral + 10

    const aliceDay1 = await get(app, A, '/api/ranks/progress');
    expect(aliceDay1).toMatchObject({ current: { name: 'Bronze' }, since: day(-1), next: { name: 'Silver' } });
    expect(aliceDay1.next.requirements).toEqual([
      {
        key: 'weakerLegBv',
        label: 'BV of your weaker leg (lifetime)',
        needed: '1000',
        has: '200',
        missing: '800',
        met: false,
      },
    ]);

    // Day 2.
    const E = await member(portal, admin, 'erin', 'bob', 'right');
    await mustBuy(app, E, ids.Platinum!);
    await mustBuy(app, D, ids.Gold!);
    expect((await close(app, admin, day(0))).statusCode).toBe(201);
    // Lifetime weaker legs: alice min(200 + 5,000 + 1,000, 1,000) = 1,000; bob min(1,100, 5,000) = 1,100: Silver.
    // bob is Silver, so alice (his sponsor) is Leader in the same close.
    expect(await held(portal)).toEqual({ alice: 'Leader', bob: 'Silver' });
    expect(await income(app, A)).toBe('675.00'); // 515 of the worked example + 10 + 50 + 100
    expect(await income(app, B)).toBe('770.00'); // 710 + 10 + 50
    for (const s of [C, D, E]) expect(await income(app, s)).toBe('0.00');

    // Nothing moves again: the same close, an evaluation now.
    expect((await close(app, admin, day(0))).statusCode).toBe(200);
    const again = await evaluateNow(app, admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ reached: 0, changed: 0, credited: '0.00', awaitingPay: '0.00' });
    expect(await income(app, A)).toBe('675.00');
    expect(await income(app, B)).toBe('770.00');
    await assertBooksConsistent(portal.db);

    // bob's way to Leader: one sponsored member at Silver or above, he has none.
    const bob = await get(app, B, '/api/ranks/progress');
    expect(bob.next.requirements).toEqual([
      {
        key: 'ranked',
        label: 'Members you sponsored at Silver or above',
        needed: '1',
        has: '0',
        missing: '1',
        met: false,
      },
    ]);
    expect(bob.ladder.map((r: { name: string; reachedOn: string | null }) => [r.name, r.reachedOn])).toEqual([
      ['Bronze', day(-1)],
      ['Silver', day(0)],
      ['Leader', null],
    ]);

    await showsTheRanksReached(app, admin, ranks, A);
  });
});

/**
 * After the worked example's two closes: the achievements report (filtered by rank, and as CSV), the rank bonuses
 * in alice's wallet, and the ranks on the tree, the downline, the Members list and the ranks' list.
 */
async function showsTheRanksReached(
  app: FastifyInstance,
  admin: Session,
  ranks: Awaited<ReturnType<typeof threeRanks>>,
  A: Session,
) {
  // The report: who reached what when, filtered by rank, and as CSV; the wallet says what the credit was.
  const report = await get(app, admin, '/api/admin/ranks/achievements?sort=member&pageSize=100');
  expect(report.total).toBe(5);
  const silverOnly = await get(app, admin, `/api/admin/ranks/achievements?rank=${ranks.silver.id}&sort=member`);
  expect(silverOnly.items.map((a: { member: string; reachedOn: string; bonus: string; state: string }) => a)).toEqual([
    expect.objectContaining({
      member: 'alice',
      reachedOn: day(0),
      closeDate: day(0),
      bonus: '50.00',
      state: 'paid',
    }),
    expect.objectContaining({ member: 'bob', reachedOn: day(0), closeDate: day(0), bonus: '50.00', state: 'paid' }),
  ]);
  const csv = await app.inject({
    method: 'GET',
    url: `/api/admin/ranks/achievements?format=csv&from=${day(-1)}&to=${day(-1)}&sort=member`,
    headers: bearer(admin),
  });
  expect(csv.statusCode).toBe(200);
  expect(
    csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  ).toEqual([
    'reached_on,member,rank,close,bonus,state',
    `${day(-1)},alice,Bronze,${day(-1)},10.00,paid`,
    `${day(-1)},bob,Bronze,${day(-1)},10.00,paid`,
  ]);
  const wallet = await get(app, A, '/api/wallets/income/entries?kind=rank_bonus&pageSize=10');
  expect(wallet.items.map((e: { description: string; amount: string }) => [e.description, e.amount])).toEqual([
    ['Rank bonus: Leader', '100.00'],
    ['Rank bonus: Silver', '50.00'],
    ['Rank bonus: Bronze', '10.00'],
  ]);
  // The rank on the tree nodes, the downline and the Members list (filtered by rank).
  const tree = await get(app, A, '/api/network/placement-tree?depth=1');
  expect(tree.root.rank).toEqual({ id: ranks.leader.id, name: 'Leader', colour: '#8e24aa' });
  expect(
    tree.nodes.map((n: { username: string; rank: { name: string } | null }) => [n.username, n.rank?.name ?? null]),
  ).toEqual([
    ['bob', 'Silver'],
    ['carol', null],
  ]);
  const downline = await get(app, A, '/api/network/downline?pageSize=10');
  expect(downline.items.find((r: { username: string }) => r.username === 'bob').rank.name).toBe('Silver');
  const silverMembers = await get(app, admin, `/api/admin/members?rank=${ranks.silver.id}`);
  expect(
    silverMembers.items.map((m: { username: string; rank: { name: string } }) => [m.username, m.rank.name]),
  ).toEqual([['bob', 'Silver']]);
  expect(silverMembers.total).toBe(1);
  const list = await get(app, admin, '/api/admin/ranks');
  expect(
    list.items.map((r: { name: string; holders: number; reached: number }) => [r.name, r.holders, r.reached]),
  ).toEqual([
    ['Bronze', 0, 2],
    ['Silver', 1, 2],
    ['Leader', 1, 1],
  ]);
}

describe('a package requirement in the progress', () => {
  const { portal, admin } = usePortal();

  it("names the package asked and the member's own, met once it is as dear", async () => {
    const { app } = portal;
    const M = await member(portal, admin, 'packer', 'company', 'left');
    const ids = await packageIds(app, M);
    await defineRank(app, admin, { name: 'Bronze', requirements: { minPackageId: ids.Silver! } as never });
    const requirement = async () => (await get(app, M, '/api/ranks/progress')).next.requirements[0];
    const asked = { key: 'package', label: 'Own package', needed: 'Silver' };
    expect(await requirement()).toEqual({ ...asked, has: '', missing: 'Silver', met: false });
    await mustBuy(app, M, ids.Starter!);
    expect(await requirement()).toEqual({ ...asked, has: 'Starter', missing: 'Silver', met: false });
    await mustBuy(app, M, ids.Gold!);
    expect(await requirement()).toEqual({ ...asked, has: 'Gold', missing: null, met: true });
  });
});

describe('a period rank and a lifetime rank over a month end', () => {
  let portal: TestPortal | undefined;
  afterEach(async () => {
    await portal?.close();
  });

  it('loses the period rank without volume, regains it without a second bonus, and keeps the lifetime rank', async () => {
    portal = await startPortal();
    portal.clock.now = new Date('2030-02-02T12:00:00Z');
    const { app } = portal;
    const admin = await loginAdmin(app);
    await enableAdminTwoFactor(portal, admin);
    const bronze = await defineRank(app, admin, {
      name: 'Bronze',
      bonus: '10',
      requirements: { minWeakerLegBv: '100' } as never,
    });
    await defineRank(app, admin, {
      name: 'Pace',
      kind: 'period',
      bonus: '20',
      requirements: { minWeakerLegBv: '100' } as never,
    });
    const A = await member(portal, admin, 'alice', 'company', 'left');
    const B = await member(portal, admin, 'bob', 'alice', 'left');
    const C = await member(portal, admin, 'carol', 'alice', 'right');
    const ids = await packageIds(app, A);
    for (const s of [A, B, C]) await mustBuy(app, s, ids.Starter!);

    // 30 January: alice matches 100 BV: Bronze (lifetime 100) and Pace (matched in January 100).
    expect((await close(app, admin, '2030-01-30')).statusCode).toBe(201);
    expect(await held(portal)).toEqual({ alice: 'Pace' });
    expect(await income(app, A)).toBe('60.00'); // 10 + 10 referral, 10 matching, 10 Bronze, 20 Pace

    // Bronze now asks much more: a later evaluation reaches nobody new, alice keeps it.
    const raised = await app.inject({
      method: 'PATCH',
      url: `/api/admin/ranks/${bronze.id}`,
      headers: bearer(admin),
      payload: { requirements: { minPackageId: null, minSponsored: null, minWeakerLegBv: '100000', minRanked: null } },
    });
    expect(raised.statusCode, raised.body).toBe(200);

    // 1 February: nothing matched this month: Pace is lost, Bronze (lifetime) stays.
    expect((await close(app, admin, '2030-02-01')).statusCode).toBe(201);
    expect(await held(portal)).toEqual({ alice: 'Bronze' });
    expect(await income(app, A)).toBe('60.00');
    const dipped = await get(app, A, '/api/ranks/progress');
    expect(dipped).toMatchObject({ current: { name: 'Bronze' }, next: { name: 'Pace', kind: 'period' } });
    expect(dipped.next.requirements[0]).toMatchObject({ has: '0', needed: '100', missing: '100' });

    // 2 February: 100 BV matched again: Pace held again, no second bonus.
    await mustBuy(app, B, ids.Starter!);
    await mustBuy(app, C, ids.Starter!);
    expect((await close(app, admin, '2030-02-02')).statusCode).toBe(201);
    expect(await held(portal)).toEqual({ alice: 'Pace' });
    expect(await income(app, A)).toBe('90.00'); // + 20 referral + 10 matching, no rank bonus
    const { rows } = await portal.db.query<{ rank: string; reached_on: string }>(
      sql`SELECT r.name AS rank, to_char(a.reached_on, 'YYYY-MM-DD') AS reached_on FROM rank_achievements a JOIN ranks r ON r.id = a.rank_id ORDER BY r.position`,
    );
    expect(rows).toEqual([
      { rank: 'Bronze', reached_on: '2030-01-30' },
      { rank: 'Pace', reached_on: '2030-01-30' },
    ]);
    expect((await evaluateNow(app, admin)).json()).toMatchObject({ reached: 0, changed: 0, credited: '0.00' });
    await assertBooksConsistent(portal.db);
  });
});

describe('rank bonuses of a reviewed close', () => {
  const { portal, admin } = usePortal();

  it('are recorded by the close, shown in its review and credited by its pay, once', async () => {
    const { app } = portal;
    await threeRanks(app, admin);
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { closeReview: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const { A, B } = await workedDayOne(portal, admin);

    expect((await close(app, admin, day(-1))).statusCode).toBe(201);
    expect(await held(portal)).toEqual({ alice: 'Bronze', bob: 'Bronze' });
    expect(await income(app, A)).toBe('115.00');
    expect(await income(app, B)).toBe('10.00');
    const waiting = await get(app, admin, '/api/admin/ranks/achievements?sort=member');
    expect(waiting.items.map((a: { member: string; state: string }) => [a.member, a.state])).toEqual([
      ['alice', 'awaiting_pay'],
      ['bob', 'awaiting_pay'],
    ]);
    // An evaluation now leaves them to the pay too.
    expect((await evaluateNow(app, admin)).json()).toEqual({
      reached: 0,
      changed: 0,
      credited: '0.00',
      awaitingPay: '20.00',
    });
    const review = await get(app, admin, `/api/admin/plan/closes/${day(-1)}/review`);
    expect(review.rankBonuses).toEqual({ count: 2, total: '20.00' });

    const pay = () =>
      app.inject({ method: 'POST', url: `/api/admin/plan/closes/${day(-1)}/pay`, headers: bearer(admin) });
    expect((await pay()).statusCode).toBe(201);
    expect(await income(app, A)).toBe('145.00');
    expect(await income(app, B)).toBe('20.00');
    expect((await pay()).statusCode).toBe(200);
    expect(await income(app, A)).toBe('145.00');
    expect((await get(app, admin, `/api/admin/plan/closes/${day(-1)}/review`)).rankBonuses).toEqual({
      count: 2,
      total: '20.00',
    });
    await assertBooksConsistent(portal.db);
  });
});

describe('defining ranks', () => {
  const { portal, admin } = usePortal();

  it('refuses bad input with listed codes, audits the writes, reorders and deactivates', async () => {
    const { app } = portal;
    const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown, who = admin) =>
      app.inject({ method, url, headers: bearer(who), payload: payload as object });
    const noReq = { minPackageId: null, minSponsored: null, minWeakerLegBv: null, minRanked: null };

    const bad = await send('POST', '/api/admin/ranks', { name: '', colour: 'blue', requirements: noReq, bonus: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('VALIDATION_ERROR');
    const noPackage = await send('POST', '/api/admin/ranks', {
      name: 'Ruby',
      colour: '#e53935',
      requirements: { ...noReq, minPackageId: 999999 },
      bonus: '5',
    });
    expect([noPackage.statusCode, errorOf(noPackage).code]).toEqual([422, 'RANK_REQUIREMENT_INVALID']);

    const ruby = await defineRank(app, admin, { name: 'Ruby', colour: '#E53935', bonus: '5' });
    const pearl = await defineRank(app, admin, {
      name: 'Pearl',
      requirements: { minRanked: { rankId: ruby.id, count: 2 } } as never,
    });
    const taken = await send('POST', '/api/admin/ranks', {
      name: 'ruby',
      colour: '#000000',
      requirements: noReq,
      bonus: '0',
    });
    expect([taken.statusCode, errorOf(taken).code]).toEqual([409, 'RANK_NAME_TAKEN']);
    const above = await send('PATCH', `/api/admin/ranks/${ruby.id}`, {
      requirements: { ...noReq, minRanked: { rankId: pearl.id, count: 1 } },
    });
    expect([above.statusCode, errorOf(above).code]).toEqual([422, 'RANK_REQUIREMENT_INVALID']);
    const missing = await send('PATCH', '/api/admin/ranks/999999', { active: false });
    expect([missing.statusCode, errorOf(missing).code]).toEqual([404, 'RANK_NOT_FOUND']);
    const incomplete = await send('PUT', '/api/admin/ranks/order', { ids: [pearl.id] });
    expect([incomplete.statusCode, errorOf(incomplete).code]).toEqual([422, 'RANK_ORDER_INVALID']);
    // Pearl asks for Ruby members: Pearl cannot go below Ruby.
    const inverted = await send('PUT', '/api/admin/ranks/order', { ids: [pearl.id, ruby.id] });
    expect([inverted.statusCode, errorOf(inverted).code]).toEqual([422, 'RANK_REQUIREMENT_INVALID']);

    const freed = await send('PATCH', `/api/admin/ranks/${pearl.id}`, { requirements: noReq, active: false });
    expect(freed.statusCode, freed.body).toBe(200);
    const reordered = await send('PUT', '/api/admin/ranks/order', { ids: [pearl.id, ruby.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      reordered
        .json()
        .items.map((r: { name: string; position: number; active: boolean }) => [r.name, r.position, r.active]),
    ).toEqual([
      ['Pearl', 1, false],
      ['Ruby', 2, true],
    ]);
    expect((await get(app, admin, '/api/admin/ranks')).items[1].colour).toBe('#e53935');

    const m = await registerMember(app, { username: 'mia', sponsor: 'company' });
    expect((await send('POST', '/api/admin/ranks/evaluate', undefined, m)).statusCode).toBe(403);
    const progress = await get(app, m, '/api/ranks/progress');
    expect(progress.ladder.map((r: { name: string }) => r.name)).toEqual(['Ruby']); // the inactive rank is not shown
    const { rows } = await portal.db.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'rank%' ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['rank.create', 'rank.create', 'rank.update', 'rank.order']);
  });
});

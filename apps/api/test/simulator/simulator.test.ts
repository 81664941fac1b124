import { describe, expect, it } from 'vitest';
import type { ProposedSettings, SimulationResult } from '@portal/contract';
import { bearer, errorOf, registerMember, usePortal, type Session, type TestPortal } from '../harness';
import { close, day, fundedMember, mustBuy, workedDayOne } from '../plan/plan-helpers';
import { threeRanks } from '../ranks/rank-helpers';
import { createSimulationRunner } from '../../src/simulator/replay';
import type { Sql } from '../../src/platform/db/database';
import { sql } from '../../src/platform/db/sql';

/**
 * The plan simulator (docs/plan.md, "The plan simulator"; ADR 0044) on the
 * worked example of docs/plan.md: under the settings in force it pays
 * exactly what was paid, under changed settings the hand-calculated
 * difference, and it moves nothing.
 */

/** Every row of the books and of the network, in a fixed order: the ledger, the plan's records, the tree and its events. */
async function books(db: Sql): Promise<string> {
  const tables: Array<[string, string]> = [
    ['journal_entries', 'id'],
    ['postings', 'id'],
    ['ledger_accounts', 'id'],
    ['purchases', 'id'],
    ['referral_bonuses', 'id'],
    ['matching_closes', 'close_date'],
    ['matching_bonuses', 'close_date, member_id'],
    ['rank_achievements', 'member_id, rank_id'],
    ['member_ranks', 'member_id'],
    ['members', 'user_id'],
    ['network_nodes', 'member_id'],
    ['network_events', 'id'],
    ['idempotency_keys', 'user_id, operation, key'],
    ['audit_log', 'id'],
  ];
  const dump: string[] = [];
  for (const [table, order] of tables) {
    const { rows } = await db.query<{ row: string }>(
      sql`SELECT t::text AS row FROM ${sql.raw(table)} t ORDER BY ${sql.raw(order)}`,
    );
    dump.push(`${table}:`, ...rows.map((r) => r.row));
  }
  return dump.join('\n');
}

/** The worked example's two days: day 1 closed yesterday, day 2 today (docs/plan.md). */
async function workedExample(portal: TestPortal, admin: Session) {
  const { B, D, ids } = await workedDayOne(portal, admin);
  expect((await close(portal.app, admin, day(-1))).statusCode).toBe(201);
  const E = await fundedMember(portal, admin, 'erin', 'bob', 'right');
  await mustBuy(portal.app, E, ids.Platinum!);
  await mustBuy(portal.app, D, ids.Gold!);
  expect((await close(portal.app, admin, day(0))).statusCode).toBe(201);
  return { B, ids };
}

function start(portal: TestPortal, session: Session, payload: unknown) {
  return portal.app.inject({
    method: 'POST',
    url: '/api/admin/plan/simulations',
    headers: bearer(session),
    payload: payload as object,
  });
}

async function read(portal: TestPortal, admin: Session, id: number): Promise<SimulationResult> {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/admin/plan/simulations/${id}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const IN_FORCE: ProposedSettings = {
  referralPercents: ['10', '5', '2'],
  matchingPercent: '10',
  packageCaps: [],
  rankBonuses: [],
};

/** Starts a run of the 7 days ending today and replays it to the end, a pass at a time. */
async function simulate(portal: TestPortal, admin: Session, settings: ProposedSettings): Promise<SimulationResult> {
  const res = await start(portal, admin, { from: day(-6), days: 7, settings });
  expect(res.statusCode, res.body).toBe(201);
  const runner = createSimulationRunner(portal.ctx, { daysPerPass: 3 });
  while ((await runner.pass()).more);
  return read(portal, admin, res.json().id);
}

const side = (actual: string, simulated: string, change: string) => ({ actual, simulated, change });

describe('the plan simulator on the worked example', () => {
  const { portal, admin } = usePortal();
  replayTests({ portal, admin });
  cancelLeaseAndInputTests({ portal, admin });
});

function replayTests({ portal, admin }: ReturnType<typeof usePortal>) {
  it('replays the settings in force to the base unit, changed settings to the hand-calculated difference, and moves nothing', async () => {
    const { ids } = await workedExample(portal, admin);
    const before = await books(portal.db);
    const defaults = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/plan/simulations/in-force',
      headers: bearer(admin),
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().settings).toMatchObject({ referralPercents: ['10', '5', '2'], matchingPercent: '10' });
    expect(defaults.json().packages.map((p: { name: string }) => p.name)).toEqual([
      'Starter',
      'Silver',
      'Gold',
      'Platinum',
    ]);

    const same = await simulate(portal, admin, IN_FORCE);
    expect(same).toMatchObject({
      status: 'done',
      daysDone: 7,
      sales: '7300.00',
      referral: side('1025.00', '1025.00', '0.00'),
      matching: side('200.00', '200.00', '0.00'),
      rankBonus: side('0.00', '0.00', '0.00'),
      total: side('1225.00', '1225.00', '0.00'),
      payoutRatio: { actual: '16.78', simulated: '16.78' },
      flushed: side('10.00', '10.00', '0.00'),
      membersPaid: { actual: 2, simulated: 2 },
      largestChanges: [],
    });
    // Day by day, each kind equal too: referral on the purchases' day (all today), matching on the closes' days.
    for (const d of same.byDay) {
      expect(d.referral.change).toBe('0.00');
      expect(d.matching.change).toBe('0.00');
    }
    expect(same.byDay.find((d) => d.day === day(-1))!.matching.actual).toBe('20.00');
    expect(same.byDay.find((d) => d.day === day(0))!.matching.actual).toBe('180.00');
    // The proposal is stored whole: the caps left out are the catalogue's.
    expect(same.proposed.packageCaps).toHaveLength(4);
    expect(same.inForce).toEqual(same.proposed);

    // Matching 8 % instead of 10 %: alice 16 + 64 (was 20 + 80), bob 88 under his cap of 100 (was 100, 10 flushed).
    const lower = await simulate(portal, admin, { ...IN_FORCE, matchingPercent: '8' });
    expect(lower).toMatchObject({
      referral: side('1025.00', '1025.00', '0.00'),
      matching: side('200.00', '168.00', '-32.00'),
      total: side('1225.00', '1193.00', '-32.00'),
      payoutRatio: { actual: '16.78', simulated: '16.34' },
      flushed: side('10.00', '0.00', '-10.00'),
      membersPaid: { actual: 2, simulated: 2 },
      largestChanges: [
        { username: 'alice', actual: '515.00', simulated: '495.00', change: '-20.00' },
        { username: 'bob', actual: '710.00', simulated: '698.00', change: '-12.00' },
      ],
    });

    // Level 1 at 12 % and Starter's cap at 50: alice's level-1 bonuses 12 + 120 (was 10 + 100: +22), bob's
    // 12 + 600 + 120 (was 10 + 500 + 100: +122); matching day 1 alice 20 (under 50), day 2 bob 50 (110
    // earned, 60 flushed; was 100), alice 50 (80 earned, 30 flushed; was 80). alice +22 − 30, bob +122 − 50.
    const capped = await simulate(portal, admin, {
      referralPercents: ['12', '5', '2'],
      matchingPercent: '10',
      packageCaps: [{ packageId: ids.Starter!, dailyCap: '50' }],
      rankBonuses: [],
    });
    expect(capped).toMatchObject({
      referral: side('1025.00', '1169.00', '144.00'),
      matching: side('200.00', '120.00', '-80.00'),
      flushed: side('10.00', '90.00', '80.00'),
      largestChanges: [
        { username: 'bob', actual: '710.00', simulated: '782.00', change: '72.00' },
        { username: 'alice', actual: '515.00', simulated: '507.00', change: '-8.00' },
      ],
    });

    // Nothing in the books, the plan's records or the network moved.
    expect(await books(portal.db)).toBe(before);
  });
}

function cancelLeaseAndInputTests({ portal, admin }: ReturnType<typeof usePortal>) {
  it('stops when cancelled, keeping the days replayed, and refuses a second cancel', async () => {
    const res = await start(portal, admin, { from: day(-6), days: 7, settings: IN_FORCE });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    // One at a time.
    const second = await start(portal, admin, { from: day(-6), days: 7, settings: IN_FORCE });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('SIMULATION_RUNNING');

    const runner = createSimulationRunner(portal.ctx, { daysPerPass: 2 });
    expect(await runner.pass()).toEqual({ worked: true, days: 2, more: true });
    const cancel = () =>
      portal.app.inject({ method: 'POST', url: `/api/admin/plan/simulations/${id}/cancel`, headers: bearer(admin) });
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', daysDone: 2, membersPaid: null });
    expect(await runner.pass()).toEqual({ worked: false, days: 0, more: false });
    expect((await read(portal, admin, id)).byDay).toHaveLength(2);
    expect(errorOf(await cancel()).code).toBe('SIMULATION_NOT_RUNNING');

    const list = await portal.app.inject({ method: 'GET', url: '/api/admin/plan/simulations', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ id, status: 'cancelled' });
  });

  it('a run survives its process: another runner takes it over once the lease runs out, from the next day', async () => {
    const res = await start(portal, admin, { from: day(-9), days: 10, settings: IN_FORCE });
    const id = res.json().id as number;
    const first = createSimulationRunner(portal.ctx, { daysPerPass: 4 });
    expect((await first.pass()).days).toBe(4);
    const other = createSimulationRunner(portal.ctx, { daysPerPass: 100 });
    // Leased by the first: the other waits.
    expect(await other.pass()).toEqual({ worked: false, days: 0, more: false });
    await portal.db.query(sql`UPDATE plan_simulations SET leased_until = now() - interval '1 second' WHERE id = ${id}`);
    expect(await other.pass()).toEqual({ worked: true, days: 6, more: false });
    // The first finds it taken: it replays nothing.
    expect((await first.pass()).worked).toBe(false);
    expect(await read(portal, admin, id)).toMatchObject({ status: 'done', daysDone: 10 });
  });

  it('refuses bad input with the listed codes, and admits only admins', async () => {
    const ok = { from: day(-6), days: 7, settings: IN_FORCE };
    const cases: Array<[unknown, number, string]> = [
      [{ ...ok, days: 6 }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, days: 366 }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, from: '2026-13-01' }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, settings: { ...IN_FORCE, matchingPercent: '100.5' } }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, settings: { ...IN_FORCE, referralPercents: ['10', '-1'] } }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, settings: { ...IN_FORCE, referralPercents: [] } }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, settings: { ...IN_FORCE, referralPercents: Array(11).fill('1') } }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, settings: { ...IN_FORCE, packageCaps: [{ packageId: 1, dailyCap: 'x' }] } }, 400, 'VALIDATION_ERROR'],
      [{ ...ok, from: day(-5) }, 422, 'SIMULATION_PERIOD_IN_FUTURE'],
      [
        { ...ok, settings: { ...IN_FORCE, packageCaps: [{ packageId: 999_999, dailyCap: '10' }] } },
        422,
        'SIMULATION_PACKAGE_UNKNOWN',
      ],
    ];
    for (const [payload, status, code] of cases) {
      const res = await start(portal, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(res).code).toBe(code);
    }
    const unknown = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/plan/simulations/999999',
      headers: bearer(admin),
    });
    expect(errorOf(unknown).code).toBe('SIMULATION_NOT_FOUND');

    const member = await registerMember(portal.app, { username: 'mallory', sponsor: 'company' });
    const refused = await start(portal, member, ok);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('ADMIN_ONLY');
    const listed = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/plan/simulations',
      headers: bearer(member),
    });
    expect(listed.statusCode).toBe(403);
  });
}

describe('the plan simulator on the ranks scenario', () => {
  const { portal, admin } = usePortal();

  it('replays the rank bonuses reached in the period: as paid under the bonuses in force, the hand-calculated difference under changed ones', async () => {
    // The ranks scenario of docs/plan.md "Ranks": Bronze (10) to alice and bob on day 1; Silver (50) to both
    // and Leader (100) to alice on day 2. alice 515 + 160, bob 710 + 60.
    const ranks = await threeRanks(portal.app, admin);
    await workedExample(portal, admin);
    const before = await books(portal.db);
    const defaults = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/plan/simulations/in-force',
      headers: bearer(admin),
    });
    expect(defaults.json().ranks.map((r: { name: string }) => r.name)).toEqual(['Bronze', 'Silver', 'Leader']);
    const inForce: ProposedSettings = defaults.json().settings;
    expect(inForce.rankBonuses).toEqual([
      { rankId: ranks.bronze.id, bonus: '10.00' },
      { rankId: ranks.silver.id, bonus: '50.00' },
      { rankId: ranks.leader.id, bonus: '100.00' },
    ]);

    const same = await simulate(portal, admin, inForce);
    expect(same).toMatchObject({
      referral: side('1025.00', '1025.00', '0.00'),
      matching: side('200.00', '200.00', '0.00'),
      rankBonus: side('220.00', '220.00', '0.00'),
      total: side('1445.00', '1445.00', '0.00'),
      payoutRatio: { actual: '19.79', simulated: '19.79' },
      membersPaid: { actual: 2, simulated: 2 },
      largestChanges: [],
    });
    expect(same.byDay.find((d) => d.day === day(-1))!.rankBonus).toEqual(side('20.00', '20.00', '0.00'));
    expect(same.byDay.find((d) => d.day === day(0))!.rankBonus).toEqual(side('200.00', '200.00', '0.00'));
    // What was paid for ranks, to the base unit: every achievement's bonus, each credited (its entry set).
    const { rows } = await portal.db.query<{ paid: string }>(
      sql`SELECT coalesce(sum(bonus), 0)::text AS paid FROM rank_achievements WHERE entry_id IS NOT NULL`,
    );
    expect(rows[0]!.paid).toBe('220000000000000000000');

    // Bronze 0, Silver 80, Leader 150.
    // Day 1: 0 + 0 (was 20). Day 2: alice 80 + 150, bob 80 (was 200). alice 230 (was 160: +70), bob 80 (was 60: +20).
    const changed = await simulate(portal, admin, {
      ...IN_FORCE,
      rankBonuses: [
        { rankId: ranks.bronze.id, bonus: '0' },
        { rankId: ranks.silver.id, bonus: '80' },
        { rankId: ranks.leader.id, bonus: '150' },
      ],
    });
    expect(changed).toMatchObject({
      referral: side('1025.00', '1025.00', '0.00'),
      rankBonus: side('220.00', '310.00', '90.00'),
      total: side('1445.00', '1535.00', '90.00'),
      payoutRatio: { actual: '19.79', simulated: '21.02' },
      largestChanges: [
        { username: 'alice', actual: '675.00', simulated: '745.00', change: '70.00' },
        { username: 'bob', actual: '770.00', simulated: '790.00', change: '20.00' },
      ],
    });
    expect(changed.byDay.find((d) => d.day === day(-1))!.rankBonus).toEqual(side('20.00', '0.00', '-20.00'));
    expect(changed.byDay.find((d) => d.day === day(0))!.rankBonus).toEqual(side('200.00', '310.00', '110.00'));
    expect(changed.proposed.rankBonuses).toHaveLength(3);

    const unknown = await start(portal, admin, {
      from: day(-6),
      days: 7,
      settings: { ...IN_FORCE, rankBonuses: [{ rankId: 999_999, bonus: '1' }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).code).toBe('SIMULATION_RANK_UNKNOWN');
    expect(await books(portal.db)).toBe(before);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  enableAdminTwoFactor,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { assertBooksConsistent, fund } from '../ledger/ledger-helpers';
import { buy, close, day, maintainedLegs, packageIds, rebuildLegs } from './plan-helpers';
import { rollUpNetwork } from '../../src/network/rollup';
import { sql } from '../../src/platform/db/sql';

/**
 * The plan against a simulator written out again from PRODUCT.md §4–§5, with
 * no code shared with the engine: random sponsor trees (some members placed
 * at sign-up, some waiting and placed later), random purchases (some the
 * buyer cannot afford) and daily closes. After every step each member's
 * income must be the simulator's; at the end every close record and every
 * leg volume too.
 */
const UNIT = 10n ** 18n;
const PACKAGES = [
  // Caps lowered at the start of each run, so that the cap and the flush happen often.
  { name: 'Starter', price: 100n, bv: 100n, cap: 5n },
  { name: 'Silver', price: 500n, bv: 500n, cap: 20n },
  { name: 'Gold', price: 1000n, bv: 1000n, cap: 1000n },
  { name: 'Platinum', price: 5000n, bv: 5000n, cap: 5000n },
];
const LEVEL_PERCENT = [10n, 5n, 2n];
const MATCH_PERCENT = 10n;

interface SimMember {
  sponsor: number; // -1: the company root
  parent: number | null; // index in members, -1 the root, null while unplaced
  side: 'left' | 'right' | null;
  active: boolean;
  cap: bigint; // base units
  topPrice: bigint;
  deposit: bigint;
  income: bigint;
  left: bigint; // BV in base units
  right: bigint;
  pending: bigint;
}

type Step =
  | { kind: 'buy'; who: number; pkg: number }
  | { kind: 'place'; who: number; side: 'left' | 'right' }
  | { kind: 'close'; skip: number };

const memberArb = fc.record({
  sponsorPick: fc.nat(),
  side: fc.constantFrom<'left' | 'right' | undefined>('left', 'right', 'left', 'right', undefined),
  deposit: fc.constantFrom(0n, 100n, 600n, 1100n, 7000n, 12000n),
});
const scenarioArb = fc.record({
  members: fc.array(memberArb, { minLength: 4, maxLength: 9 }),
  steps: fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({ kind: fc.constant('buy' as const), who: fc.nat(), pkg: fc.nat({ max: 3 }) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('place' as const),
          who: fc.nat(),
          side: fc.constantFrom('left' as const, 'right' as const),
        }),
      },
      // skip: days left unclosed before this close (a scheduler that was down).
      {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('close' as const), skip: fc.constantFrom(0, 0, 0, 1, 2) }),
      },
    ),
    { minLength: 8, maxLength: 30 },
  ),
});

describe('the plan against an independent simulator', () => {
  it('pays referral and matching bonuses exactly as the simulator, over random networks, purchases and days', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const portal = await startPortal();
        try {
          const { app, db } = portal;
          const admin = await loginAdmin(app);
          // Changing packages and closing days are admin writes: an admin with two-factor.
          await enableAdminTwoFactor(portal, admin);
          const run: Run = { app, db, admin, sessions: [], sim: [], indexOf: new Map<number, number>() };
          await registerMembers(run, scenario.members);
          const ids = await lowerTheCaps(run);

          const daysAhead = scenario.steps.reduce(
            (n, s) => n + ((s as Step).kind === 'close' ? 1 + (s as { skip: number }).skip : 0),
            0,
          );
          let closeDay = -daysAhead;
          let closes = 0;
          const records: CloseRecord[] = [];

          for (const raw of scenario.steps) {
            const step = raw as Step;
            // A refused purchase or placement moves nothing: the incomes are read after the steps that went through.
            let wentThrough = true;
            if (step.kind === 'buy') {
              wentThrough = await buyAsSimulated(run, ids, step);
            } else if (step.kind === 'place') {
              wentThrough = await placeAsSimulated(run, step);
            } else {
              closeDay += step.skip;
              const date = day(closeDay);
              closeDay += 1;
              // A close covers the unclosed days before it (not before the first close): caps × days.
              const days = closes === 0 ? 1n : BigInt(step.skip + 1);
              closes += 1;
              const res = await close(app, admin, date);
              expect(res.statusCode, res.body).toBe(201);
              expect(res.json().days).toBe(Number(days));
              simulateMatching(run.sim, date, days, records);
            }
            if (wentThrough) await expectIncomesAsSimulated(run);
          }

          await expectCloseRecordsAsSimulated(run, records);
          await expectLegsAsSimulated(run);
          await assertBooksConsistent(db);
        } finally {
          await portal.close();
        }
      }),
      { numRuns: Number(process.env.PLAN_RUNS ?? 12), endOnFailure: true },
    );
  }, 600_000);
});

/** One run's portal, its admin, and each member twice: their session and the simulator's member (same index). */
interface Run {
  app: TestPortal['app'];
  db: TestPortal['db'];
  admin: Session;
  sessions: Session[];
  sim: SimMember[];
  /** A member's index in `sessions` and `sim`, by user id. */
  indexOf: Map<number, number>;
}

interface CloseRecord {
  date: string;
  member: number;
  left: bigint;
  right: bigint;
  matched: bigint;
  paid: bigint;
  flushed: bigint;
}

// -1 is the company root: placed, never active.
const isPlaced = (sim: SimMember[], i: number) => i === -1 || sim[i]!.parent !== null;

/** Where the portal placed member `i` (if it did), copied into the simulator. */
async function readPlacement({ db, sessions, sim, indexOf }: Run, i: number) {
  const { rows } = await db.query<{ parent_id: number | null; side: 'left' | 'right' | null }>(
    sql`SELECT parent_id, side FROM network_nodes WHERE member_id = ${sessions[i]!.user.id}`,
  );
  if (!rows[0]) return;
  const parentIndex = indexOf.get(Number(rows[0].parent_id));
  sim[i]!.parent = parentIndex ?? -1;
  sim[i]!.side = rows[0].side;
}

/** The simulator's legs: `bv` up the placement line of member `i`. */
function addVolume(sim: SimMember[], i: number, bv: bigint) {
  let child = i;
  while (child !== -1) {
    const m = sim[child]!;
    if (m.parent === -1 || m.parent === null) break;
    const up = sim[m.parent]!;
    if (m.side === 'left') up.left += bv;
    else up.right += bv;
    child = m.parent;
  }
}

/** The scenario's members, registered and funded on the portal and added to the simulator. */
async function registerMembers(
  run: Run,
  members: Array<{ sponsorPick: number; side?: 'left' | 'right'; deposit: bigint }>,
) {
  const { app, admin, sessions, sim, indexOf } = run;
  for (const [i, spec] of members.entries()) {
    // Mostly deep sponsor lines (so three levels pay), sometimes wide.
    const sponsor = Math.max(-1, i - 1 - (spec.sponsorPick % 3));
    const session = await registerMember(app, {
      sponsor: sponsor === -1 ? 'company' : sessions[sponsor]!.user.username,
      side: spec.side,
    });
    sessions.push(session);
    indexOf.set(session.user.id, i);
    sim.push({
      sponsor,
      parent: null,
      side: null,
      active: false,
      cap: 0n,
      topPrice: 0n,
      deposit: spec.deposit * UNIT,
      income: 0n,
      left: 0n,
      right: 0n,
      pending: 0n,
    });
    if (spec.deposit > 0n) await fund(app, admin, session.user.id, 'deposit', spec.deposit.toString());
    await readPlacement(run, i);
  }
}

/** The packages' daily caps lowered to PACKAGES' (so that the cap and the flush happen often); their ids by name. */
async function lowerTheCaps({ app, admin, sessions }: Run): Promise<Record<string, number>> {
  const ids = await packageIds(app, sessions[0]!);
  for (const pkg of PACKAGES) {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${ids[pkg.name]}`,
      headers: bearer(admin),
      payload: { dailyCap: pkg.cap.toString() },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return ids;
}

/** A purchase on the portal and in the simulator (referrals up the sponsor line, volume up the legs); false if refused. */
async function buyAsSimulated(
  { app, sessions, sim }: Run,
  ids: Record<string, number>,
  step: Extract<Step, { kind: 'buy' }>,
): Promise<boolean> {
  const who = step.who % sim.length;
  const pkg = PACKAGES[step.pkg]!;
  const m = sim[who]!;
  const res = await buy(app, sessions[who]!, ids[pkg.name]);
  if (m.deposit < pkg.price * UNIT) {
    expect(res.statusCode, res.body).toBe(422);
    return false;
  }
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().kind).toBe(m.active ? 'repurchase' : 'purchase');
  m.deposit -= pkg.price * UNIT;
  let up = m.sponsor;
  for (const percent of LEVEL_PERCENT) {
    if (up === -1) break;
    const upline = sim[up]!;
    if (upline.active) upline.income += (pkg.price * UNIT * percent) / 100n;
    up = upline.sponsor;
  }
  m.active = true;
  if (pkg.price > m.topPrice) {
    m.topPrice = pkg.price;
    m.cap = pkg.cap * UNIT;
  }
  if (m.parent === null) m.pending += pkg.bv * UNIT;
  else addVolume(sim, who, pkg.bv * UNIT);
  return true;
}

/** An admin's placement of a waiting member, on the portal and in the simulator; false if refused. */
async function placeAsSimulated(run: Run, step: Extract<Step, { kind: 'place' }>): Promise<boolean> {
  const { app, admin, sessions, sim } = run;
  const who = step.who % sim.length;
  const m = sim[who]!;
  const res = await app.inject({
    method: 'POST',
    url: '/api/network/placements',
    headers: bearer(admin),
    payload: { memberId: sessions[who]!.user.id, auto: step.side },
  });
  if (m.parent !== null) {
    expect(res.statusCode, res.body).toBe(409);
    return false;
  }
  if (!isPlaced(sim, m.sponsor)) {
    expect(res.statusCode, res.body).toBe(422);
    return false;
  }
  expect(res.statusCode, res.body).toBe(201);
  await readPlacement(run, who);
  addVolume(sim, who, m.pending);
  m.pending = 0n;
  return true;
}

/** The simulator's close of `date` over `days` days: each active member's match, capped, paid and recorded. */
function simulateMatching(sim: SimMember[], date: string, days: bigint, records: CloseRecord[]) {
  for (const [i, m] of sim.entries()) {
    if (!m.active || m.left === 0n || m.right === 0n) continue;
    const matched = m.left < m.right ? m.left : m.right;
    const earned = (matched * MATCH_PERCENT) / 100n;
    const cap = m.cap * days;
    const paid = earned < cap ? earned : cap;
    records.push({ date, member: i, left: m.left, right: m.right, matched, paid, flushed: earned - paid });
    m.income += paid;
    m.left -= matched;
    m.right -= matched;
  }
}

/** Each member's income wallet holds the simulator's income. */
async function expectIncomesAsSimulated({ db, sessions, sim }: Run) {
  const { rows } = await db.query<{ owner_id: number; balance: string }>(
    sql`SELECT owner_id, balance::text AS balance FROM ledger_accounts WHERE wallet = 'income'`,
  );
  const income = new Map(rows.map((r) => [Number(r.owner_id), BigInt(r.balance)]));
  for (const [i, m] of sim.entries())
    expect(income.get(sessions[i]!.user.id) ?? 0n, `income of member ${i}`).toBe(m.income);
}

/** Every matching bonus record the closes stored is the simulator's. */
async function expectCloseRecordsAsSimulated({ db, sessions, indexOf }: Run, records: CloseRecord[]) {
  const stored = await db.query<{
    close_date: string;
    member_id: number;
    left_volume: string;
    right_volume: string;
    matched: string;
    paid: string;
    flushed: string;
  }>(
    sql`SELECT to_char(close_date, 'YYYY-MM-DD') AS close_date, member_id, left_volume::text AS left_volume, right_volume::text AS right_volume,
            matched::text AS matched, paid::text AS paid, flushed::text AS flushed
       FROM matching_bonuses ORDER BY close_date, member_id`,
  );
  const bv = (v: string) =>
    BigInt(v.split('.')[0]!) * UNIT + BigInt(((v.split('.')[1] ?? '') + '0'.repeat(18)).slice(0, 18));
  expect(
    stored.rows.map((r) => ({
      date: r.close_date,
      member: indexOf.get(Number(r.member_id))!,
      left: bv(r.left_volume),
      right: bv(r.right_volume),
      matched: bv(r.matched),
      paid: BigInt(r.paid),
      flushed: BigInt(r.flushed),
    })),
  ).toEqual(
    [...records].sort((a, b) =>
      a.date === b.date ? sessions[a.member]!.user.id - sessions[b.member]!.user.id : a.date < b.date ? -1 : 1,
    ),
  );
}

/** After the roll-up, every placed member's legs are the simulator's, and the maintained legs are the rebuilt ones. */
async function expectLegsAsSimulated({ db, sessions, sim }: Run) {
  await rollUpNetwork(db);
  const legs = await maintainedLegs(db);
  for (const [i, m] of sim.entries()) {
    if (m.parent === null) continue;
    expect(legs.get(sessions[i]!.user.id), `legs of member ${i}`).toEqual({ left: m.left, right: m.right });
  }
  expect(legs).toEqual(await rebuildLegs(db));
}

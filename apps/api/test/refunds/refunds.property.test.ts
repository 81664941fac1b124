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
import { assertBooksConsistent, convert, fund } from '../ledger/ledger-helpers';
import { buy, close, day, maintainedLegs, packageIds } from '../plan/plan-helpers';
import { rollUpNetwork } from '../../src/network/rollup';
import { sql } from '../../src/platform/db/sql';

/**
 * Refunds against a model written from docs/plan.md ("Cancellations and
 * refunds") that shares no code with the engine and works the other way
 * round: where the engine recomputes, per refund, the closes that counted
 * the BV from the latest recomputation, the model replays every close from
 * the start with every refunded purchase's BV left out (each member's
 * activity and cap as they were at each close), and claws back the
 * difference in what the replay pays. Random sponsor trees, purchases,
 * closes, income spent on points (so that clawbacks leave amounts owed) and
 * refunds, by the buyer or an admin; after every step each member's deposit,
 * income and amount owed must be the model's, and at the end every leg.
 */
const UNIT = 10n ** 18n;
const PACKAGES = [
  { name: 'Starter', price: 100n, bv: 100n, cap: 5n },
  { name: 'Silver', price: 500n, bv: 500n, cap: 20n },
  { name: 'Gold', price: 1000n, bv: 1000n, cap: 1000n },
];
const LEVEL_PERCENT = [10n, 5n, 2n];
const MATCH_PERCENT = 10n;

interface ModelMember {
  sponsor: number; // -1: the company root
  parent: number; // -1: the root
  side: 'left' | 'right';
  deposit: bigint;
  income: bigint;
  owed: bigint;
}

interface ModelPurchase {
  id: number;
  who: number;
  pkg: number;
  referral: Array<{ member: number; amount: bigint }>;
  refunded: boolean;
}

/** What a close saw: who was active with which cap, and the purchases whose BV it counted first. */
interface ModelClose {
  active: boolean[];
  cap: bigint[];
  arrivals: number[];
}

interface Model {
  members: ModelMember[];
  purchases: ModelPurchase[];
  closes: ModelClose[];
  /** Purchases made since the last close: the next close counts their BV. */
  waiting: number[];
  /** Matching credited so far, per member. */
  matchingPaid: bigint[];
}

type Step =
  | { kind: 'buy'; who: number; pkg: number }
  | { kind: 'close' }
  | { kind: 'spend'; who: number }
  | { kind: 'refund'; pick: number };

const scenarioArb = fc.record({
  sponsors: fc.array(fc.nat(), { minLength: 4, maxLength: 7 }),
  steps: fc.array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({ kind: fc.constant('buy' as const), who: fc.nat(), pkg: fc.nat({ max: 2 }) }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('spend' as const), who: fc.nat() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
    ),
    { minLength: 10, maxLength: 24 },
  ),
});

interface Run {
  portal: TestPortal;
  admin: Session;
  sessions: Session[];
  ids: Record<string, number>;
  model: Model;
  closesMade: number;
  firstDay: number;
}

describe('refunds against an independent model', () => {
  it('leaves every deposit, income, amount owed and leg as a replay without the refunded purchases', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const portal = await startPortal();
        try {
          const admin = await loginAdmin(portal.app);
          await enableAdminTwoFactor(portal, admin);
          const closes = scenario.steps.filter((s) => s.kind === 'close').length;
          const run: Run = {
            portal,
            admin,
            sessions: [],
            ids: {},
            model: { members: [], purchases: [], closes: [], waiting: [], matchingPaid: [] },
            closesMade: 0,
            firstDay: -closes,
          };
          await registerMembers(run, scenario.sponsors);
          for (const step of scenario.steps) {
            await applyStep(run, step);
            await expectWalletsAsModelled(run);
          }
          await expectLegsAsModelled(run);
          await assertBooksConsistent(portal.db);
        } finally {
          await portal.close();
        }
      }),
      { numRuns: Number(process.env.REFUND_RUNS ?? 5), endOnFailure: true },
    );
  }, 600_000);
});

async function registerMembers(run: Run, sponsors: number[]) {
  const { portal, admin, sessions, model } = run;
  for (const [i, pick] of sponsors.entries()) {
    const sponsor = Math.max(-1, i - 1 - (pick % 3));
    const side = pick % 2 === 0 ? 'left' : 'right';
    const session = await registerMember(portal.app, {
      sponsor: sponsor === -1 ? 'company' : sessions[sponsor]!.user.username,
      side,
    });
    sessions.push(session);
    await fund(portal.app, admin, session.user.id, 'deposit', '3000');
    const { rows } = await portal.db.query<{ parent_id: number; side: 'left' | 'right' }>(
      sql`SELECT parent_id, side FROM network_nodes WHERE member_id = ${session.user.id}`,
    );
    const parent = sessions.findIndex((s) => s.user.id === Number(rows[0]!.parent_id));
    model.members.push({ sponsor, parent, side: rows[0]!.side, deposit: 3000n * UNIT, income: 0n, owed: 0n });
    model.matchingPaid.push(0n);
  }
  run.ids = await packageIds(portal.app, sessions[0]!);
  for (const pkg of PACKAGES) {
    const res = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${run.ids[pkg.name]}`,
      headers: bearer(admin),
      payload: { dailyCap: pkg.cap.toString() },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function applyStep(run: Run, step: Step) {
  if (step.kind === 'buy') await buyAsModelled(run, step.who % run.sessions.length, step.pkg);
  else if (step.kind === 'close') await closeAsModelled(run);
  else if (step.kind === 'spend') await spendAsModelled(run, step.who % run.sessions.length);
  else if (run.model.purchases.length > 0) await refundAsModelled(run, step.pick % run.model.purchases.length);
}

/** Income credited: what is owed is repaid from it first. */
function credit(m: ModelMember, amount: bigint) {
  m.income += amount;
  const repaid = m.owed < m.income ? m.owed : m.income;
  m.income -= repaid;
  m.owed -= repaid;
}

/** A member's package is their dearest standing purchase; none: not active. */
function standing(model: Model, who: number): { active: boolean; cap: bigint } {
  let best: (typeof PACKAGES)[number] | undefined;
  for (const p of model.purchases)
    if (p.who === who && !p.refunded && (!best || PACKAGES[p.pkg]!.price > best.price)) best = PACKAGES[p.pkg]!;
  return { active: best !== undefined, cap: best ? best.cap * UNIT : 0n };
}

async function buyAsModelled(run: Run, who: number, pkgIndex: number) {
  const { model, portal, sessions, ids } = run;
  const pkg = PACKAGES[pkgIndex]!;
  const m = model.members[who]!;
  const res = await buy(portal.app, sessions[who]!, ids[pkg.name]);
  if (m.deposit < pkg.price * UNIT) {
    expect(res.statusCode, res.body).toBe(422);
    return;
  }
  expect(res.statusCode, res.body).toBe(201);
  m.deposit -= pkg.price * UNIT;
  const referral: ModelPurchase['referral'] = [];
  let up = m.sponsor;
  for (const percent of LEVEL_PERCENT) {
    if (up === -1) break;
    if (standing(model, up).active) {
      const amount = (pkg.price * UNIT * percent) / 100n;
      referral.push({ member: up, amount });
      credit(model.members[up]!, amount);
    }
    up = model.members[up]!.sponsor;
  }
  model.purchases.push({ id: res.json<{ id: number }>().id, who, pkg: pkgIndex, referral, refunded: false });
  model.waiting.push(model.purchases.length - 1);
}

async function closeAsModelled(run: Run) {
  const { model, portal, admin } = run;
  const res = await close(portal.app, admin, day(run.firstDay + run.closesMade));
  expect(res.statusCode, res.body).toBe(201);
  run.closesMade += 1;
  const now = model.members.map((_, i) => standing(model, i));
  model.closes.push({ active: now.map((s) => s.active), cap: now.map((s) => s.cap), arrivals: model.waiting });
  model.waiting = [];
  payTheReplay(model);
}

/** Income spent on points: what a clawback then cannot take is owed. */
async function spendAsModelled(run: Run, who: number) {
  const m = run.model.members[who]!;
  const whole = m.income / UNIT;
  if (whole < 10n) return;
  const res = await convert(run.portal.app, run.sessions[who]!, { amount: whole.toString() });
  expect(res.statusCode, res.body).toBe(201);
  m.income -= whole * UNIT;
}

async function refundAsModelled(run: Run, index: number) {
  const { model, portal, admin, sessions } = run;
  const p = model.purchases[index]!;
  // Even purchases the buyer cancels (within the window: every purchase here is minutes old), odd ones an admin refunds.
  const res =
    index % 2 === 0
      ? await portal.app.inject({
          method: 'POST',
          url: `/api/purchases/${p.id}/cancel`,
          headers: bearer(sessions[p.who]!),
        })
      : await portal.app.inject({
          method: 'POST',
          url: `/api/admin/purchases/${p.id}/refund`,
          headers: bearer(admin),
          payload: { reason: 'property test' },
        });
  if (p.refunded) {
    expect(res.statusCode, res.body).toBe(409);
    return;
  }
  expect(res.statusCode, res.body).toBe(200);
  p.refunded = true;
  model.members[p.who]!.deposit += PACKAGES[p.pkg]!.price * UNIT;
  const back = new Map<number, bigint>();
  for (const r of p.referral) back.set(r.member, (back.get(r.member) ?? 0n) + r.amount);
  const before = [...model.matchingPaid];
  const after = replay(model).paid;
  for (const [i, paid] of after.entries()) back.set(i, (back.get(i) ?? 0n) + before[i]! - paid);
  model.matchingPaid = after;
  for (const [i, amount] of back) {
    const m = model.members[i]!;
    if (amount < 0n) credit(m, -amount);
    else {
      const taken = amount < m.income ? amount : m.income;
      m.income -= taken;
      m.owed += amount - taken;
    }
  }
}

/** Every close again from the start, without the refunded purchases' BV: what each member is paid in all, and the legs it leaves. */
function replay(model: Model): { paid: bigint[]; left: bigint[]; right: bigint[] } {
  const n = model.members.length;
  const left = Array<bigint>(n).fill(0n);
  const right = Array<bigint>(n).fill(0n);
  const paid = Array<bigint>(n).fill(0n);
  const addUp = (who: number, bv: bigint) => {
    for (let child = who; model.members[child]!.parent !== -1; child = model.members[child]!.parent) {
      const up = model.members[child]!.parent;
      if (model.members[child]!.side === 'left') left[up]! += bv;
      else right[up]! += bv;
    }
  };
  for (const c of model.closes) {
    for (const k of c.arrivals) {
      const p = model.purchases[k]!;
      if (!p.refunded) addUp(p.who, PACKAGES[p.pkg]!.bv * UNIT);
    }
    for (let i = 0; i < n; i++) {
      if (!c.active[i] || left[i] === 0n || right[i] === 0n) continue;
      const matched = left[i]! < right[i]! ? left[i]! : right[i]!;
      const earned = (matched * MATCH_PERCENT) / 100n;
      paid[i]! += earned < c.cap[i]! ? earned : c.cap[i]!;
      left[i]! -= matched;
      right[i]! -= matched;
    }
  }
  for (const k of model.waiting) {
    const p = model.purchases[k]!;
    if (!p.refunded) addUp(p.who, PACKAGES[p.pkg]!.bv * UNIT);
  }
  return { paid, left, right };
}

/** A close credits what the replay pays beyond what was credited before. */
function payTheReplay(model: Model) {
  const paid = replay(model).paid;
  for (const [i, total] of paid.entries()) {
    const more = total - model.matchingPaid[i]!;
    if (more > 0n) credit(model.members[i]!, more);
  }
  model.matchingPaid = paid;
}

async function expectWalletsAsModelled({ portal, sessions, model }: Run) {
  const { rows } = await portal.db.query<{ owner_id: number; wallet: string; balance: string }>(
    sql`SELECT owner_id, wallet, balance::text AS balance FROM ledger_accounts WHERE kind = 'member'`,
  );
  const held = new Map(rows.map((r) => [`${r.owner_id}:${r.wallet}`, BigInt(r.balance)]));
  for (const [i, m] of model.members.entries()) {
    const id = sessions[i]!.user.id;
    expect(held.get(`${id}:deposit`) ?? 0n, `deposit of member ${i}`).toBe(m.deposit);
    expect(held.get(`${id}:income`) ?? 0n, `income of member ${i}`).toBe(m.income);
    expect(-(held.get(`${id}:owed`) ?? 0n), `owed by member ${i}`).toBe(m.owed);
  }
}

async function expectLegsAsModelled({ portal, sessions, model }: Run) {
  await rollUpNetwork(portal.db);
  const legs = await maintainedLegs(portal.db);
  const { left, right } = replay(model);
  for (const [i] of model.members.entries())
    expect(legs.get(sessions[i]!.user.id), `legs of member ${i}`).toEqual({ left: left[i], right: right[i] });
}

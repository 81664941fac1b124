import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  toBaseUnits,
  type AdminDashboard,
  type MemberDashboard,
  type MatchingBonus,
  type ReferralBonus,
} from '@portal/contract';
import { seedLivingNetwork } from '../../../../bench/demo/living-network';
import { hashPassword } from '../../src/auth/passwords';
import { rollUpDailyTotals } from '../../src/dashboard/rollup';
import { creditAll } from '../../src/deposits/credit-final-range';
import { recordDeposits } from '../../src/deposits/record-deposits';
import { sql } from '../../src/platform/db/sql';
import { startDemoPortal } from '../demo-portal';
import { bearer, login, loginAdmin, type Session, type TestPortal } from '../harness';

/**
 * On `seed:demo`'s data (its living network, small, as apps/api/test/seed-demo.test.ts builds it), every
 * figure of both dashboards equals the sum or count of the list its card links to, read through the API
 * page by page: the expectations come from the lists, never from the dashboards' own queries.
 */
const MEMBERS = 24;
const DAYS = 6;
const PASSWORD = 'Demo-Figures-Test-1';

let portal: TestPortal;
let demo: Awaited<ReturnType<typeof startDemoPortal>> | undefined;

beforeAll(async () => {
  demo = await startDemoPortal(DAYS);
  portal = demo.portal;
  const { clock, ctx } = demo;
  await seedLivingNetwork(ctx, clock, {
    members: MEMBERS,
    days: DAYS,
    passwordHash: await hashPassword(PASSWORD),
    // Today's deposits recorded and credited by the watcher's own functions once final (the deposit wallet and the
    // treasury through the ledger), so that money in and the treasury have something to add up. No chain here: the
    // withdrawals approved stay unpaid (seed-demo.chain.test.ts pays them on a real node).
    chainToday: async ({ deposits }) => {
      await ctx.db.transaction(async (tx) => {
        const logs = deposits.map((d, i) => ({
          blockNumber: 1n,
          blockHash: '0x0',
          txHash: `0x${(i + 1).toString(16).padStart(64, 'd')}`,
          logIndex: 0,
          from: '0x0',
          to: '0x0',
          value: d.amount,
          memberId: d.memberId,
        }));
        await creditAll(tx, 97, 1n, 1n, await recordDeposits(tx, 97, logs, 18, []));
      });
      return { deposits: deposits.length, paid: 0 };
    },
  });
  // The portal's own clock (the dashboards' "today") where the history ends.
  portal.clock.advance(clock.now().getTime() - portal.clock.now.getTime());
}, 180_000);
afterAll(async () => {
  await demo?.close();
});

interface Page<T> {
  items: T[];
  total: number;
}

async function get<T>(session: Session, url: string): Promise<T> {
  const res = await portal.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** Every item of a list, page by page (100 a page, the most a page holds). */
async function all<T>(session: Session, url: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await get<Page<T>>(session, `${url}${url.includes('?') ? '&' : '?'}pageSize=100&page=${page}`);
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) return items;
  }
}

const sum = <T>(items: T[], pick: (item: T) => string) => items.reduce((t, x) => t + toBaseUnits(pick(x)), 0n);
const dayOf = (iso: string) => iso.slice(0, 10);

/** Sums of each item's `amount` by the UTC day of its `at`. */
function byDay<T>(items: T[], at: keyof T, amount: keyof T): Map<string, bigint> {
  const days = new Map<string, bigint>();
  for (const x of items) {
    const day = dayOf(String(x[at]));
    days.set(day, (days.get(day) ?? 0n) + toBaseUnits(String(x[amount])));
  }
  return days;
}

async function demoMembers(): Promise<string[]> {
  const { rows } = await portal.db.query<{ username: string }>(
    sql`SELECT u.username FROM members m JOIN users u ON u.id = m.user_id WHERE m.sponsor_id IS NOT NULL ORDER BY u.id`,
  );
  return rows.map((r) => r.username);
}

describe("the dashboards on seed:demo's data", () => {
  adminDashboardTests();
  memberDashboardTests();
});

function adminDashboardTests() {
  it('admin: every figure is the sum or count of the list behind its card, before and after the roll-up', async () => {
    const admin = await loginAdmin(portal.app);
    // Package sales: the members' purchase lists (every demo member signs in with the demo password).
    const purchases: Array<{ kind: string; price: string; createdAt: string }> = [];
    const activated = new Set<string>();
    for (const username of await demoMembers()) {
      const mine = await all<{ kind: string; price: string; createdAt: string }>(
        await login(portal.app, username, PASSWORD),
        '/api/purchases',
      );
      purchases.push(...mine);
      if (mine.some((p) => p.kind === 'purchase')) activated.add(username);
    }
    const members = await get<Page<unknown>>(admin, '/api/admin/members?pageSize=1');
    const referral = await all<ReferralBonus>(admin, '/api/admin/bonuses?type=referral');
    const matching = (await all<MatchingBonus>(admin, '/api/admin/bonuses?type=matching')).filter(
      (m) => m.state === 'paid',
    );
    const credited = await all<{ amount: string; creditedAt: string }>(admin, '/api/admin/deposits?status=credited');
    const held = await all<{ amount: string }>(admin, '/api/admin/deposits?status=held');
    const paid = await all<{ amount: string; fee: string; paidAt: string }>(
      admin,
      '/api/admin/withdrawals?status=paid',
    );
    const waiting = await all<{ amount: string }>(admin, '/api/admin/withdrawals?status=pending');
    const failed = await all<{ amount: string }>(admin, '/api/admin/withdrawals?status=failed');
    const redemptions = await all<{ points: string }>(admin, '/api/admin/redemptions?status=pending');
    // The demo has something behind the figures that matter, so a dashboard reading nothing would fail.
    expect(purchases.length).toBeGreaterThan(MEMBERS / 2);
    expect(referral.length).toBeGreaterThan(0);
    expect(matching.length).toBeGreaterThan(0);
    expect(waiting.length).toBeGreaterThan(0);
    expect(redemptions.length).toBeGreaterThan(0);
    expect(credited.length).toBeGreaterThan(0);

    // The treasury: what the ledger's treasury account holds (debited as USDT arrives on chain), from its postings.
    const treasury = (
      await portal.db.query<{ held: string }>(
        sql`SELECT (-COALESCE(sum(p.amount), 0))::text AS held FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE a.code = 'treasury' AND a.kind = 'system'`,
      )
    ).rows[0]!.held;
    expect(BigInt(treasury)).toBeGreaterThan(0n);

    const salesByDay = byDay(purchases, 'createdAt', 'price');
    const bonusesByDay = byDay(referral, 'createdAt', 'amount');
    for (const [day, amount] of byDay(matching, 'closeDate', 'paid'))
      bonusesByDay.set(day, (bonusesByDay.get(day) ?? 0n) + amount);

    const check = (d: AdminDashboard) => {
      // The Members list shows the company root too.
      expect(d.members).toBe(members.total - 1);
      expect(d.activeMembers).toBe(activated.size);
      expect(toBaseUnits(d.sales)).toBe(sum(purchases, (p) => p.price));
      expect(d.purchases).toBe(purchases.length);
      expect(toBaseUnits(d.bonusesPaid.referral)).toBe(sum(referral, (r) => r.amount));
      expect(toBaseUnits(d.bonusesPaid.matching)).toBe(sum(matching, (m) => m.paid));
      expect(toBaseUnits(d.bonusesPaid.total)).toBe(sum(referral, (r) => r.amount) + sum(matching, (m) => m.paid));
      expect(d.deposits.count).toBe(credited.length);
      expect(toBaseUnits(d.deposits.total)).toBe(sum(credited, (c) => c.amount));
      expect(d.withdrawalsPaid.count).toBe(paid.length);
      expect(toBaseUnits(d.withdrawalsPaid.amount)).toBe(sum(paid, (w) => w.amount));
      expect(toBaseUnits(d.withdrawalsPaid.fees)).toBe(sum(paid, (w) => w.fee));
      expect(d.pending.withdrawals.count).toBe(waiting.length);
      expect(toBaseUnits(d.pending.withdrawals.amount)).toBe(sum(waiting, (w) => w.amount));
      expect(d.pending.failedPayouts.count).toBe(failed.length);
      expect(toBaseUnits(d.pending.failedPayouts.amount)).toBe(sum(failed, (w) => w.amount));
      expect(d.pending.redemptions.count).toBe(redemptions.length);
      expect(toBaseUnits(d.pending.redemptions.points)).toBe(sum(redemptions, (r) => r.points));
      expect(d.pending.heldDeposits.count).toBe(held.length);
      expect(toBaseUnits(d.pending.heldDeposits.amount)).toBe(sum(held, (h) => h.amount));
      expect(toBaseUnits(d.treasury)).toBe(BigInt(treasury));
      // Day by day: each day's sales, bonuses, deposits and withdrawals paid are the lists' items of that day.
      const creditedByDay = byDay(credited, 'creditedAt', 'amount');
      const paidByDay = byDay(paid, 'paidAt', 'amount');
      for (const s of d.series) {
        expect(toBaseUnits(s.sales), `sales of ${s.day}`).toBe(salesByDay.get(s.day) ?? 0n);
        expect(toBaseUnits(s.bonuses), `bonuses of ${s.day}`).toBe(bonusesByDay.get(s.day) ?? 0n);
        expect(toBaseUnits(s.deposits), `deposits of ${s.day}`).toBe(creditedByDay.get(s.day) ?? 0n);
        expect(toBaseUnits(s.withdrawalsPaid), `withdrawals of ${s.day}`).toBe(paidByDay.get(s.day) ?? 0n);
      }
      // Nothing of the lists falls outside the 90 days shown (the demo is a few days old).
      expect(d.series.reduce((t, s) => t + toBaseUnits(s.sales), 0n)).toBe(toBaseUnits(d.sales));
    };
    const dashboard = () => get<AdminDashboard>(admin, '/api/admin/dashboard');
    // Read live (nothing rolled up yet), then from the daily totals.
    check(await dashboard());
    while ((await rollUpDailyTotals(portal.db, portal.clock.now, true)) !== 0);
    check(await dashboard());
  });
}

function memberDashboardTests() {
  it('member: for every demo member, every figure is the sum or count of the list behind it', async () => {
    const admin = await loginAdmin(portal.app);
    let withIncome = 0;
    let withPending = 0;
    let withRank = 0;
    for (const username of await demoMembers()) {
      const me = await login(portal.app, username, PASSWORD);
      const d = await get<MemberDashboard>(me, '/api/dashboard');
      // Wallets: each balance is the sum of its wallet's history.
      for (const w of d.wallets) {
        const lines = await all<{ amount: string }>(me, `/api/wallets/${w.wallet}/entries`);
        expect(toBaseUnits(w.balance), `${username}'s ${w.wallet}`).toBe(sum(lines, (l) => l.amount));
      }
      // Income: the bonus lists, in all and day by day over the days shown.
      const referral = await all<ReferralBonus>(me, '/api/bonuses?type=referral');
      const matching = (await all<MatchingBonus>(me, '/api/bonuses?type=matching')).filter((m) => m.state === 'paid');
      expect(toBaseUnits(d.incomeTotals.referral)).toBe(sum(referral, (r) => r.amount));
      expect(toBaseUnits(d.incomeTotals.matching)).toBe(sum(matching, (m) => m.paid));
      // Rank bonuses: the income wallet's rank_bonus credits, on the day credited.
      const rank = await all<{ amount: string; createdAt: string }>(me, '/api/wallets/income/entries?kind=rank_bonus');
      expect(toBaseUnits(d.incomeTotals.rank)).toBe(sum(rank, (r) => r.amount));
      expect(toBaseUnits(d.incomeTotals.total)).toBe(
        sum(referral, (r) => r.amount) + sum(matching, (m) => m.paid) + sum(rank, (r) => r.amount),
      );
      const referralByDay = byDay(referral, 'createdAt', 'amount');
      const matchingByDay = byDay(matching, 'closeDate', 'paid');
      const rankByDay = byDay(rank, 'createdAt', 'amount');
      for (const x of d.income) {
        expect(toBaseUnits(x.referral), `${username}'s referral of ${x.day}`).toBe(referralByDay.get(x.day) ?? 0n);
        expect(toBaseUnits(x.matching), `${username}'s matching of ${x.day}`).toBe(matchingByDay.get(x.day) ?? 0n);
        expect(toBaseUnits(x.rank), `${username}'s rank bonus of ${x.day}`).toBe(rankByDay.get(x.day) ?? 0n);
      }
      if (rank.length > 0) withRank += 1;
      if (referral.length + matching.length > 0) withIncome += 1;
      // Direct referrals: the Members list filtered by sponsor.
      expect(d.directReferrals).toBe((await get<Page<unknown>>(admin, `/api/admin/members?sponsor=${username}`)).total);
      // Teams: the downline's legs.
      const legs = await Promise.all(
        (['left', 'right'] as const).map((leg) =>
          get<Page<unknown> & { placed: boolean; totalExact: boolean }>(
            me,
            `/api/network/downline?leg=${leg}&pageSize=1`,
          ),
        ),
      );
      if (legs[0]!.placed) expect(d.teams).toEqual({ left: legs[0]!.total, right: legs[1]!.total });
      else expect(d.teams).toBeNull();
      // Pending: the withdrawals not settled, the redemptions waiting, the deposits not credited yet.
      const withdrawals = await all<{ id: number }>(me, '/api/withdrawals?status=pending,approved,failed');
      const redemptions = await all<{ id: number }>(me, '/api/redemptions?status=pending');
      const deposits = [
        ...(await all<{ id: number }>(me, '/api/deposits?status=seen')),
        ...(await all<{ id: number }>(me, '/api/deposits?status=held')),
      ];
      const ids = (kind: string) =>
        d.pending
          .filter((p) => p.kind === kind)
          .map((p) => p.id)
          .sort();
      expect(ids('withdrawal')).toEqual(withdrawals.map((w) => w.id).sort());
      expect(ids('redemption')).toEqual(redemptions.map((r) => r.id).sort());
      expect(ids('deposit')).toEqual(deposits.map((x) => x.id).sort());
      expect(ids('placement').length).toBe(legs[0]!.placed ? 0 : 1);
      if (d.pending.length > 0) withPending += 1;
      // Recent activity: the wallet history's first lines.
      expect(d.recent).toEqual((await get<Page<unknown>>(me, '/api/wallets/entries?pageSize=5&sort=-createdAt')).items);
    }
    // The demo gave the checks something to compare: members with income and with something pending.
    expect(withIncome).toBeGreaterThan(0);
    expect(withPending).toBeGreaterThan(0);
    // The demo has ranks: the rank-bonus figures were compared for someone.
    expect(withRank).toBeGreaterThan(0);
  });
}

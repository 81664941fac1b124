import { DASHBOARD_INCOME_DAYS, toBaseUnits, type MemberDashboard } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf, login, registerMember, usePortal, type Session } from '../harness';
import { balances, fund } from '../ledger/ledger-helpers';
import { close, day, mustBuy, packageIds } from '../plan/plan-helpers';
import { requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';

/**
 * `GET /api/dashboard`: every figure equals the list or page behind it
 * (wallets, income summary, bonus lists, tree, withdrawals), the income
 * axis has every day, and what is pending says its state.
 */
describe('the member dashboard', () => {
  const dashboardPortal = useDashboardPortal();
  figuresAndWordsTests(dashboardPortal);
  togetherAndMembersOnlyTests(dashboardPortal);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useDashboardPortal() {
  const { portal, admin } = usePortal();

  async function dashboard(session: Session): Promise<MemberDashboard> {
    const res = await portal.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(session) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MemberDashboard>();
  }

  async function get<T>(session: Session, url: string): Promise<T> {
    const res = await portal.app.inject({ method: 'GET', url, headers: bearer(session) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }
  return { portal, admin, dashboard, get };
}
type DashboardPortal = ReturnType<typeof useDashboardPortal>;

function figuresAndWordsTests({ portal, admin, dashboard, get }: DashboardPortal) {
  it('adds up to the pages behind it: wallets, income by day and in all, teams, referrals', async () => {
    const sponsor = await registerMember(portal.app, { side: 'left' });
    await fund(portal.app, admin, sponsor.user.id, 'deposit', '5000');
    const left = await registerMember(portal.app, { sponsor: sponsor.user.username, side: 'left' });
    const right = await registerMember(portal.app, { sponsor: sponsor.user.username, side: 'right' });
    const ids = await packageIds(portal.app, sponsor);
    await mustBuy(portal.app, sponsor, ids.Starter!);
    for (const m of [left, right]) {
      await fund(portal.app, admin, m.user.id, 'deposit', '5000');
      await mustBuy(portal.app, m, ids.Starter!);
    }
    const closed = await close(portal.app, admin, day(0));
    expect([200, 201]).toContain(closed.statusCode);

    const d = await dashboard(sponsor);
    // Wallets: the wallet page's balances.
    expect(d.wallets).toEqual((await get<{ wallets: unknown[] }>(sponsor, '/api/wallets')).wallets);
    expect(d.wallets.find((w) => w.wallet === 'income')!.balance).toBe((await balances(portal.app, sponsor)).income);
    // Income: 90 days, every one of them, today last, summing to the income summary and the bonus lists.
    expect(d.income).toHaveLength(DASHBOARD_INCOME_DAYS);
    expect(d.income.at(-1)!.day).toBe(day(0));
    for (let i = 1; i < d.income.length; i += 1)
      expect(Date.parse(d.income[i]!.day) - Date.parse(d.income[i - 1]!.day)).toBe(86_400_000);
    const sum = (key: 'referral' | 'matching') => d.income.reduce((t, x) => t + toBaseUnits(x[key]), 0n);
    const summary = await get<{ totals: Record<string, string> }>(sponsor, '/api/income/summary?period=day');
    expect(sum('referral')).toBe(toBaseUnits(summary.totals.referral!));
    expect(sum('matching')).toBe(toBaseUnits(summary.totals.matching!));
    expect(sum('referral')).toBeGreaterThan(0n);
    expect(sum('matching')).toBeGreaterThan(0n);
    expect(d.incomeTotals).toEqual(summary.totals);
    // The Total income page's axis has every day of its range too, not only the days with income.
    const tenDays = await get<{ series: Array<{ period: string }> }>(
      sponsor,
      `/api/income/summary?period=day&from=${day(-9)}&to=${day(0)}`,
    );
    expect(tenDays.series.map((s) => s.period)).toEqual(d.income.slice(-10).map((x) => x.day));
    const referral = await get<{ items: Array<{ amount: string }> }>(
      sponsor,
      '/api/bonuses?type=referral&pageSize=100',
    );
    expect(referral.items.reduce((t, b) => t + toBaseUnits(b.amount), 0n)).toBe(toBaseUnits(d.incomeTotals.referral));
    // Teams and referrals: the tree's counts and the referral link page's sign-ups.
    expect(d.teams).toEqual({ left: 1, right: 1 });
    expect(d.directReferrals).toBe(2);
    expect(d.referralLink).toMatch(new RegExp(`/register\\?ref=${sponsor.user.username}$`));
    expect(d.plan).toEqual(await get(sponsor, '/api/plan/status'));
    // Recent activity: the newest lines of the wallet history.
    const history = await get<{ items: unknown[] }>(sponsor, '/api/wallets/entries?pageSize=5&sort=-createdAt');
    expect(d.recent).toEqual(history.items);
  });

  it('says what is pending, in words: a withdrawal waiting for an admin, a placement waiting for the sponsor', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
    const member = await registerMember(portal.app, { side: 'right' });
    await fund(portal.app, admin, member.user.id, 'income', '50');
    const requested = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: '0x00000000000000000000000000000000000000b1',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const waiting = await registerMember(portal.app, { sponsor: member.user.username });

    const d = await dashboard(member);
    expect(d.pending).toEqual([
      expect.objectContaining({
        kind: 'withdrawal',
        id: requested.json().id,
        amount: '20.00',
        unit: 'USDT',
        state: "Waiting for an admin's approval",
        link: '/withdraw',
      }),
    ]);
    const w = await dashboard(waiting);
    expect(w.teams).toBeNull();
    expect(w.pending).toEqual([
      expect.objectContaining({
        kind: 'placement',
        state: expect.stringMatching(/Waiting for your sponsor to place you/),
      }),
    ]);
    expect(w.income.every((x) => x.referral === '0.00' && x.matching === '0.00')).toBe(true);
  });

  it('greets a first visit once: "firstVisit" until the member signs in again', async () => {
    const member = await registerMember(portal.app);
    expect((await dashboard(member)).firstVisit).toBe(true);
    const again = await login(portal.app, member.user.username, member.password);
    expect((await dashboard(again)).firstVisit).toBe(false);
  });

  it('checks the session in its own statement: a revoked session is refused with SESSION_ENDED', async () => {
    const member = await registerMember(portal.app);
    await dashboard(member);
    // Signed out everywhere (what a password change or an admin's block does to the member's sessions).
    await portal.db.query(sql`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = ${member.user.id}`);
    const res = await portal.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(member) });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('SESSION_ENDED');
  });
}

function togetherAndMembersOnlyTests({ portal, admin }: DashboardPortal) {
  it('reads dashboards asked for together in one statement, each member its own figures, a refusal only its own', async () => {
    const members = [];
    for (const amount of ['11', '22', '33', '44']) {
      const member = await registerMember(portal.app);
      await fund(portal.app, admin, member.user.id, 'deposit', amount);
      members.push(member);
    }
    const revoked = members[2]!;
    await portal.db.query(sql`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = ${revoked.user.id}`);
    const statements = vi.spyOn(portal.db, 'query');
    // Five at once: the first goes alone, the four behind it wait for it and go together.
    const answers = await Promise.all(
      [...members, admin].map((s) => portal.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(s) })),
    );
    const groups = statements.mock.calls.filter(([q]) => q.toQuery().text.includes('json_to_recordset'));
    statements.mockRestore();
    expect(groups.map(([q]) => JSON.parse(String(q.toQuery().values.at(-1))).length)).toEqual([1, 4]);
    for (const [k, res] of answers.entries()) {
      if (k === 2) expect(errorOf(res).code).toBe('SESSION_ENDED');
      else if (k === 4) expect(errorOf(res).code).toBe('NOT_A_MEMBER');
      else {
        expect(res.statusCode, res.body).toBe(200);
        const deposit = res.json<MemberDashboard>().wallets.find((w) => w.wallet === 'deposit')!.balance;
        expect(deposit).toBe(`${11 * (k + 1)}.00`);
      }
    }
  });

  it('is for members: an admin without membership is refused with NOT_A_MEMBER', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin) });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOT_A_MEMBER');
  });
}

import { describe, expect, it } from 'vitest';
import { TO_DECIDE_KINDS, type AdminDashboard, type ToDecide, type Withdrawal } from '@portal/contract';
import { bearer, registerMember, usePortal, type Session, type TestPortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { enableTwoFactor, freshCode } from '../two-factor/two-factor-helpers';
import { close, day, workedDayOne } from '../plan/plan-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';

/**
 * The admin dashboard's "To decide" (issue 42, item 1): every kind of decision waiting, each with how many, their
 * sum and since when the oldest waits, as the rows it counts were written.
 */
type Decisions = Record<(typeof TO_DECIDE_KINDS)[number], ToDecide>;

/** "To decide" as the dashboard answers it, by kind (every kind listed, in the contract's order). */
async function decisionsOf(portal: TestPortal, admin: Session): Promise<Decisions> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json<AdminDashboard>().toDecide;
  expect(list.map((d) => d.kind)).toEqual([...TO_DECIDE_KINDS]);
  return Object.fromEntries(list.map((d) => [d.kind, d])) as Decisions;
}

describe("the admin dashboard's To decide: a close waiting for review", () => {
  const { portal, admin } = usePortal();

  it('counts the close computed for review with what it will pay, waiting since it ran; paid, it is gone', async () => {
    await setSettings(portal.app, admin, { closeReview: true });
    await workedDayOne(portal, admin);
    const closed = await close(portal.app, admin, day(-1));
    expect(closed.statusCode, closed.body).toBe(201);
    expect((await decisionsOf(portal, admin)).closeReview).toEqual({
      kind: 'closeReview',
      count: 1,
      amount: '20.00',
      oldestAt: closed.json<{ closedAt: string }>().closedAt,
    });
    const paid = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/plan/closes/${day(-1)}/pay`,
      headers: bearer(admin),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await decisionsOf(portal, admin)).closeReview).toEqual({
      kind: 'closeReview',
      count: 0,
      amount: '0.00',
      oldestAt: null,
    });
  });
});

describe("the admin dashboard's To decide", () => {
  const { portal, admin } = usePortal();
  const decisions = () => decisionsOf(portal, admin);

  async function withdrawalOf(amount: string, address: string): Promise<Withdrawal> {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '500');
    const { secret } = await enableTwoFactor(portal, member);
    const res = await requestWithdrawal(portal.app, member, { amount, address, totpCode: freshCode(portal, secret) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Withdrawal>();
  }

  it('lists every kind with nothing waiting but the set-up, which waits since the first member joined', async () => {
    const fresh = await decisions();
    for (const kind of TO_DECIDE_KINDS.filter((k) => k !== 'setup'))
      expect(fresh[kind], kind).toMatchObject({ count: 0, oldestAt: null });
    expect(fresh.withdrawals.amount).toBe('0.00');
    expect(fresh.redemptions.amount).toBe('0.00');
    expect(fresh.settingChanges.amount).toBeNull();
    expect(fresh.setup).toEqual({ kind: 'setup', count: 1, amount: null, oldestAt: null });
    await registerMember(portal.app);
    expect((await decisions()).setup.oldestAt).not.toBeNull();
  });

  it('counts withdrawals with no approval apart from those waiting for a second admin, each with its sum and the oldest wait', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', secondApprovalThreshold: '100' });
    const small = await withdrawalOf('20', OUTSIDE[0]!);
    portal.clock.advance(60_000);
    const large = await withdrawalOf('150', OUTSIDE[1]!);
    let d = await decisions();
    expect(d.withdrawals).toEqual({ kind: 'withdrawals', count: 2, amount: '170.00', oldestAt: small.createdAt });
    expect(d.secondApprovals).toMatchObject({ count: 0, amount: '0.00', oldestAt: null });

    portal.clock.advance(3_600_000);
    const approvedAt = portal.clock.now.toISOString();
    const first = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${large.id}/approve`,
      headers: bearer(admin),
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    d = await decisions();
    expect(d.withdrawals).toEqual({ kind: 'withdrawals', count: 1, amount: '20.00', oldestAt: small.createdAt });
    // Waiting for the second admin since the first approval, not since the request.
    expect(d.secondApprovals).toEqual({ kind: 'secondApprovals', count: 1, amount: '150.00', oldestAt: approvedAt });
  });

  it('counts the setting changes waiting once the portal is live, and the set-up no more', async () => {
    const live = await portal.app.inject({ method: 'POST', url: '/api/admin/portal/live', headers: bearer(admin) });
    expect(live.statusCode, live.body).toBe(200);
    const proposedAt = portal.clock.now.toISOString();
    // Raising the maximum loosens a money-out control: it waits for the delay (and a second admin where there is one).
    const held = await portal.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { withdrawalMaximum: '20000' },
    });
    expect(held.statusCode, held.body).toBe(202);
    const d = await decisions();
    expect(d.setup).toEqual({ kind: 'setup', count: 0, amount: null, oldestAt: null });
    expect(d.settingChanges).toEqual({ kind: 'settingChanges', count: 1, amount: null, oldestAt: proposedAt });
  });
});

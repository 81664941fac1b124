import { describe, expect, it } from 'vitest';
import { STUCK_PAYOUT_MINUTES, type AdminDashboard, type Withdrawal } from '@portal/contract';
import { bearer, errorOf, type Session, type TestPortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { approve, freshAddress, payAll, pendingWithdrawal, usePayoutChain, withdrawal } from './payout-helpers';
import { requestWithdrawal, setSettings } from './withdrawal-helpers';

/** A list's items as `session` reads them at `url`; the status code checked. */
async function listed(portal: TestPortal, session: Session, url: string): Promise<Withdrawal[]> {
  const res = await portal.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Withdrawal[] }>().items;
}

const attentionIds = async (portal: TestPortal, admin: Session) =>
  (await listed(portal, admin, '/api/admin/withdrawals?attention=true&pageSize=100')).map((w) => w.id).sort();

async function dashboard(portal: TestPortal, admin: Session): Promise<AdminDashboard['pending']> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminDashboard>().pending;
}

describe('withdrawals that need attention: the payout in the view, several statuses at once, the counts', () => {
  const setup = usePayoutChain();
  ownListAndStuckTests(setup);
  needsAttentionTests(setup);
});

function ownListAndStuckTests(setup: ReturnType<typeof usePayoutChain>) {
  it("a member's own withdrawals name no admin and no job note; the list takes several statuses at once", async () => {
    const { portal, admin } = setup;
    const first = await pendingWithdrawal(portal, admin, freshAddress(), '40');
    await approve(portal, admin, [first.id]);
    await fund(portal.app, admin, first.member.user.id, 'income', '30');
    const asked = await requestWithdrawal(portal.app, first.member, { amount: '30', address: freshAddress() });
    expect(asked.statusCode, asked.body).toBe(201);
    const second = asked.json<Withdrawal>();
    expect(second).toMatchObject({ status: 'pending', approvals: [], payout: null });

    const mine = await listed(portal, first.member, '/api/withdrawals?status=pending,approved');
    expect(mine.map((w) => w.id)).toEqual([second.id, first.id]);
    expect(mine[1]).toMatchObject({
      status: 'approved',
      approvals: [{ by: null, automatic: false }],
      payout: { state: 'queued', waiting: null, note: null, stuck: false, txHash: null },
    });
    // The admin's view of the same withdrawal names who approved it.
    expect(await withdrawal(portal, admin, first.id)).toMatchObject({
      approvals: [{ by: { id: admin.user.id, username: 'admin' }, automatic: false }],
    });
    expect((await listed(portal, first.member, '/api/withdrawals?status=pending')).map((w) => w.id)).toEqual([
      second.id,
    ]);
    expect(await listed(portal, first.member, '/api/withdrawals?status=paid,rejected')).toEqual([]);
    expect((await listed(portal, admin, '/api/admin/withdrawals?status=approved,pending&pageSize=100')).length).toBe(
      (await listed(portal, admin, '/api/admin/withdrawals?pageSize=100')).length,
    );
    const wrong = await portal.app.inject({
      method: 'GET',
      url: '/api/withdrawals?status=pending,sent',
      headers: bearer(first.member),
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toMatch(/status must be one or more of: pending, approved/);

    await payAll(portal, setup.chain);
    const paid = await listed(portal, first.member, '/api/withdrawals?status=paid');
    expect(paid).toMatchObject([{ id: first.id, payout: null }]);
    expect(paid[0]!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const rejected = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${second.id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'Not this one' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it(`a payout broadcast and not mined ${STUCK_PAYOUT_MINUTES} minutes after is stuck: in its view, the attention list and the dashboard`, async () => {
    const { portal, admin, chain } = setup;
    const { id } = await pendingWithdrawal(portal, admin, freshAddress(), '20');
    await approve(portal, admin, [id]);
    const before = (await dashboard(portal, admin)).stuckPayouts;
    await chain.rpc('evm_setAutomine', [false]);
    try {
      await createPayoutRunner(portal.ctx).pass();
      const sent = await withdrawal(portal, admin, id);
      expect(sent).toMatchObject({ status: 'approved', payout: { state: 'broadcast', stuck: false } });
      const payout = (sent as unknown as Withdrawal).payout!;
      expect(payout.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(payout.broadcastAt).toBe(portal.clock.now.toISOString());
      expect(await attentionIds(portal, admin)).not.toContain(id);

      // A minute short of the limit: not yet.
      portal.clock.advance((STUCK_PAYOUT_MINUTES - 1) * 60_000);
      expect((await withdrawal(portal, admin, id)).payout).toMatchObject({ stuck: false });
      expect((await dashboard(portal, admin)).stuckPayouts).toBe(before);
      portal.clock.advance(60_000);
      expect((await withdrawal(portal, admin, id)).payout).toMatchObject({ state: 'broadcast', stuck: true });
      expect(await attentionIds(portal, admin)).toContain(id);
      expect((await dashboard(portal, admin)).stuckPayouts).toBe(before + 1);
      await chain.mine(1);
    } finally {
      await chain.rpc('evm_setAutomine', [true]);
    }
    await payAll(portal, chain);
    expect(await withdrawal(portal, admin, id)).toMatchObject({ status: 'paid', payout: null });
    expect(await attentionIds(portal, admin)).not.toContain(id);
    expect((await dashboard(portal, admin)).stuckPayouts).toBe(before);
  });
}

function needsAttentionTests(setup: ReturnType<typeof usePayoutChain>) {
  it('a second approval awaited, a payout over the daily cap and a failed one need attention, each counted; an unfunded approval says so', async () => {
    const { portal, admin, chain } = setup;
    const start = await dashboard(portal, admin);
    // More than the hot wallet holds is above the large-approval threshold too: no fresh code asked here.
    await setSettings(portal.app, admin, { largeApprovalThreshold: '1000000' });
    // More than the hot wallet holds: the approval says the payout will fail, and it does.
    const left = await chain.balanceOf(setup.hot);
    const big = (left / 10n ** 18n + 100n).toString();
    const short = await pendingWithdrawal(portal, admin, freshAddress(), big);
    const answer = await approve(portal, admin, [short.id]);
    expect(answer.done).toEqual([short.id]);
    expect(answer.waiting).toBeUndefined();
    expect(answer.unfunded).toEqual([
      { id: short.id, message: expect.stringContaining('its payout fails until the hot wallet is funded') as unknown },
    ]);
    await payAll(portal, chain);
    expect(await withdrawal(portal, admin, short.id)).toMatchObject({ status: 'failed', payout: null });

    // Above the second-approval threshold: a first approval, then a second admin is awaited.
    await setSettings(portal.app, admin, { secondApprovalThreshold: '100', dailyPayoutCap: '10' });
    try {
      const large = await pendingWithdrawal(portal, admin, freshAddress(), '150');
      expect((await approve(portal, admin, [large.id])).waiting).toHaveLength(1);
      // Over the daily payout cap: approved, held in the queue with the reason.
      const held = await pendingWithdrawal(portal, admin, freshAddress(), '50');
      const heldAnswer = await approve(portal, admin, [held.id]);
      expect(heldAnswer).toMatchObject({ done: [held.id], waiting: [{ id: held.id }] });
      expect(heldAnswer.unfunded).toBeUndefined();
      await createPayoutRunner(portal.ctx).pass();
      expect((await withdrawal(portal, admin, held.id)).payout).toMatchObject({
        state: 'queued',
        waiting: expect.stringContaining('larger than the daily payout cap of 10.00 USDT') as unknown,
        stuck: false,
      });
      // Its member reads why without the company's figures.
      expect((await listed(portal, held.member, '/api/withdrawals'))[0]).toMatchObject({
        id: held.id,
        payout: {
          state: 'queued',
          waiting:
            "held by the company's daily payout limit; it goes out as soon as the limit has room (it resets at 00:00 UTC)",
        },
      });
      // A pending one without any approval, and one approved and going out, need nobody.
      const plain = await pendingWithdrawal(portal, admin, freshAddress(), '20');

      expect(await attentionIds(portal, admin)).toEqual([short.id, large.id, held.id].sort());
      expect(await attentionIds(portal, admin)).not.toContain(plain.id);
      const counts = await dashboard(portal, admin);
      expect(counts).toMatchObject({
        failedPayouts: { count: start.failedPayouts.count + 1 },
        secondApprovals: start.secondApprovals + 1,
        heldByCap: start.heldByCap + 1,
        stuckPayouts: start.stuckPayouts,
      });

      // The cap lifted, the failed one refunded, the large one rejected: nothing needs attention.
      await setSettings(portal.app, admin, { dailyPayoutCap: '0' });
      await createPayoutRunner(portal.ctx).pass();
      const refund = await portal.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${short.id}/refund`,
        headers: bearer(admin),
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const reject = await portal.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${large.id}/reject`,
        headers: bearer(admin),
        payload: { reason: 'Too large' },
      });
      expect(reject.statusCode, reject.body).toBe(200);
      await payAll(portal, chain);
      expect(await attentionIds(portal, admin)).toEqual([]);
      expect(await dashboard(portal, admin)).toMatchObject({ secondApprovals: 0, heldByCap: 0, stuckPayouts: 0 });
    } finally {
      await setSettings(portal.app, admin, { secondApprovalThreshold: '5000', dailyPayoutCap: '0' });
    }
  });
}

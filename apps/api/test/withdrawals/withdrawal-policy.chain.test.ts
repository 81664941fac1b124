import { describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, type Session, type TestPortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { codeAt, enableTwoFactor } from '../two-factor/two-factor-helpers';
import {
  approve,
  freshAddress,
  payAll,
  pendingWithdrawal,
  usePayoutChain,
  withdrawal,
  type PayoutChain,
} from './payout-helpers';
import { requestWithdrawal, setSettings } from './withdrawal-helpers';
import { sql } from '../../src/platform/db/sql';
import { invitedAdmin } from '../admin-users/invite-helpers';
import { readPayoutFigures } from '../../src/platform/metrics/queries';

/** A second admin with two-factor on (the `adminsRequireTwoFactor` setting asks it of whoever approves). */
async function secondAdmin(portal: TestPortal, admin: Session, username: string): Promise<Session> {
  const session = await invitedAdmin(portal, admin, username);
  await enableTwoFactor(portal, session);
  return session;
}

const approveOne = (portal: TestPortal, admin: Session, id: number) =>
  portal.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, headers: bearer(admin) });

describe('withdrawal policy: two admins above the threshold, automatic approval below one', () => {
  const setup = usePayoutChain();
  secondApprovalTests(setup);
  automaticApprovalTests(setup);
});

function secondApprovalTests(setup: PayoutChain) {
  let other: Session;

  it('above the second-approval threshold two different admins approve; the same admin cannot give both', async () => {
    const { portal, admin } = setup;
    other = await secondAdmin(portal, admin, 'second-approver');
    await setSettings(portal.app, admin, { secondApprovalThreshold: '100' });
    const to = freshAddress();
    const large = await pendingWithdrawal(portal, admin, to, '150');
    const small = await pendingWithdrawal(portal, admin, freshAddress(), '100');

    const first = await approve(portal, admin, [large.id, small.id]);
    expect(first.done).toEqual([small.id]);
    expect(first.skipped).toEqual([]);
    expect(first).toMatchObject({
      waiting: [
        {
          id: large.id,
          message: `Withdrawal #${large.id}: first approval recorded; it waits for a second admin (Two different admins (above the second-approval threshold of 100.00 USDT)).`,
        },
      ],
    });
    expect(await withdrawal(portal, admin, large.id)).toMatchObject({
      status: 'pending',
      approvals: [{ by: { id: admin.user.id, username: 'admin' } }],
      approvalPolicy: { kind: 'two_admins' },
    });
    expect(await withdrawal(portal, admin, small.id)).toMatchObject({
      status: 'approved',
      approvals: [{ by: { username: 'admin' } }],
      approvalPolicy: {
        kind: 'one_admin',
        description: 'One admin (up to the second-approval threshold of 100.00 USDT)',
      },
    });
    const payouts = await portal.db.query(sql`SELECT 1 FROM payouts WHERE withdrawal_id = ${large.id}`);
    expect(payouts.rows).toEqual([]);

    // The same admin again: refused with its own code, in the bulk answer as a skip.
    const again = await approveOne(portal, admin, large.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'SECOND_APPROVAL_SAME_ADMIN' });
    expect(errorOf(again).message).toMatch(/a different admin must give the second/);
    expect((await approve(portal, admin, [large.id])).skipped).toEqual([
      {
        id: large.id,
        message: `You gave withdrawal #${large.id} its first approval; a different admin must give the second.`,
      },
    ]);

    // A raised threshold does not change the rule the first approval was given under.
    await setSettings(portal.app, admin, { secondApprovalThreshold: '1000' });
    const second = await approveOne(portal, other, large.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      status: 'approved',
      approvals: [{ by: { username: 'admin' } }, { by: { username: 'second-approver' } }],
      approvalPolicy: { kind: 'two_admins' },
    });
    await payAll(portal, setup.chain);
    expect(await withdrawal(portal, admin, large.id)).toMatchObject({ status: 'paid', net: '142.50' });
    expect(await setup.chain.balanceOf(to)).toBe(142_500_000_000_000_000_000n);
    const audit = await portal.db.query<{ action: string; actor_id: number }>(
      sql`SELECT action, actor_id FROM audit_log WHERE target_type = 'withdrawal' AND target_id = ${String(large.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => [r.action, Number(r.actor_id)])).toEqual([
      ['withdrawal.approve_first', admin.user.id],
      ['withdrawal.approve', other.user.id],
    ]);
    await setSettings(portal.app, admin, { secondApprovalThreshold: '5000' });
  });

  it('either admin may reject after the first approval: the whole amount is refunded', async () => {
    const { portal, admin } = setup;
    await setSettings(portal.app, admin, { secondApprovalThreshold: '100' });
    try {
      for (const rejecter of [admin, other]) {
        const { member, id } = await pendingWithdrawal(portal, admin, freshAddress(), '120');
        expect((await approve(portal, admin, [id])).waiting).toHaveLength(1);
        const rejected = await portal.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${id}/reject`,
          headers: bearer(rejecter),
          payload: { reason: 'Looks wrong' },
        });
        expect(rejected.statusCode, rejected.body).toBe(200);
        expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Looks wrong' });
        expect((await balances(portal.app, member)).income).toBe('120.00');
        expect(errorOf(await approveOne(portal, other, id)).code).toBe('WITHDRAWAL_NOT_PENDING');
      }
      await assertBooksConsistent(portal.db);
    } finally {
      await setSettings(portal.app, admin, { secondApprovalThreshold: '5000' });
    }
  });
}

function automaticApprovalTests(setup: PayoutChain) {
  it('approves automatically below the threshold only with two-factor on, within the daily cap', async () => {
    const { portal, admin } = setup;
    await setSettings(portal.app, admin, {
      autoApproveBelow: '50',
      autoApproveDailyCap: '60',
      withdrawalRequiresTwoFactor: true,
    });
    try {
      /** A member with two-factor on (or off) asking for `amount`; the address is past its hold (the hold is 0 here). */
      const prepare = async (twoFactor = true) => {
        const member = await registerMember(portal.app);
        await fund(portal.app, admin, member.user.id, 'income', '100');
        const secret = twoFactor ? (await enableTwoFactor(portal, member)).secret : undefined;
        return async (amount: string) => {
          // The code of the moment it is sent: members set up earlier send at once.
          const code = secret && codeAt(secret, portal.clock.now);
          const res = await requestWithdrawal(portal.app, member, {
            amount,
            address: freshAddress(),
            ...(code ? { totpCode: code } : {}),
          });
          expect(res.statusCode, res.body).toBe(201);
          return res.json<{ id: number; status: string; approvals: unknown[]; approvalPolicy: unknown }>();
        };
      };
      const ask = async (amount: string, twoFactor = true) => (await prepare(twoFactor))(amount);
      const auto = await ask('20');
      expect(auto).toMatchObject({
        status: 'approved',
        approvals: [{ by: null, automatic: true }],
        approvalPolicy: {
          kind: 'automatic',
          description:
            'Automatic (below 50.00 USDT, two-factor on, address past its hold, within 60.00 USDT of automatic approvals a day)',
        },
      });
      // Never alone what two admins must approve: under a second-approval threshold of 10, 20 waits for them.
      const { secondApprovalThreshold } = (
        await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) })
      ).json<{ secondApprovalThreshold: string }>();
      await setSettings(portal.app, admin, { secondApprovalThreshold: '10' });
      expect((await ask('20')).status).toBe('pending');
      await setSettings(portal.app, admin, { secondApprovalThreshold });
      // Not below the threshold; without two-factor (the rule turned off for it): an admin decides.
      expect((await ask('50')).status).toBe('pending');
      await setSettings(portal.app, admin, { withdrawalRequiresTwoFactor: false });
      expect((await ask('20', false)).status).toBe('pending');
      await setSettings(portal.app, admin, { withdrawalRequiresTwoFactor: true });
      // The company's cap for the day: 20 + 30 fit in 60, another 20 does not.
      expect((await ask('30')).status).toBe('approved');
      const overCap = await ask('20');
      expect(overCap).toMatchObject({ status: 'pending', approvals: [], approvalPolicy: null });
      // The next UTC day has its own cap.
      portal.clock.advance(24 * 3_600_000);
      expect((await ask('20')).status).toBe('approved');
      // Members asking at once: the cap still holds (20 + 20 + 20 of 60).
      const senders = [await prepare(), await prepare(), await prepare()];
      const together = await Promise.all(senders.map((send) => send('20')));
      expect(together.map((w) => w.status).sort()).toEqual(['approved', 'approved', 'pending']);

      await payAll(portal, setup.chain);
      expect(await withdrawal(portal, admin, auto.id)).toMatchObject({ status: 'paid' });
      const audit = await portal.db.query<{ actor_id: number | null }>(
        sql`SELECT actor_id FROM audit_log WHERE action = 'withdrawal.auto_approve' AND target_id = ${String(auto.id)}`,
      );
      expect(audit.rows).toEqual([{ actor_id: null }]);
    } finally {
      await setSettings(portal.app, admin, {
        autoApproveBelow: '0',
        autoApproveDailyCap: '1000',
        withdrawalRequiresTwoFactor: false,
      });
    }
  });
}

describe('the daily payout cap', () => {
  const setup = usePayoutChain();

  /** What the hot wallet started sending today (payouts with a nonce, not failed). */
  async function startedTotal(): Promise<bigint> {
    const { rows } = await setup.portal.db.query<{ total: string }>(
      sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM payouts WHERE nonce IS NOT NULL AND status <> 'failed'`,
    );
    return BigInt(rows[0]!.total);
  }

  it('holds payouts over the cap in the queue with the reason, across approvals made together, and releases them the next day', async () => {
    const { portal, admin, chain } = setup;
    await setSettings(portal.app, admin, { dailyPayoutCap: '100' });
    // Net amounts 47.50, 47.50, 28.50, 47.50: two of the first three fit in 100, never the last.
    const made = [];
    for (const amount of ['50', '50', '30', '50'])
      made.push(await pendingWithdrawal(portal, admin, freshAddress(), amount));
    const answers = await Promise.all(made.slice(0, 3).map((m) => approve(portal, admin, [m.id])));
    expect(answers.flatMap((a) => a.done).sort()).toEqual(
      made
        .slice(0, 3)
        .map((m) => m.id)
        .sort(),
    );
    await payAll(portal, chain, {}, 4);
    expect(await startedTotal()).toBeLessThanOrEqual(100_000_000_000_000_000_000n);
    // Which two go first is the order the approvals committed in; the third waits, with the reason.
    const states = await Promise.all(made.slice(0, 3).map((m) => withdrawal(portal, admin, m.id)));
    expect(states.map((w) => w.status).sort()).toEqual(['approved', 'paid', 'paid']);
    const today = portal.clock.now.toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const held = states.find((w) => w.status === 'approved')!;
    const sent = (await startedTotal()) / 10n ** 16n;
    const reason = `Over today's payout cap of 100.00 USDT (${sent / 100n}.${String(sent % 100n).padStart(2, '0')} USDT sent today): it waits in the queue and goes out from ${tomorrow} 00:00 UTC.`;
    expect(held).toMatchObject({ payout: { state: 'queued', waiting: reason } });
    for (const paid of states.filter((w) => w.status === 'paid')) expect(paid).toMatchObject({ payout: null });

    // An approval over the cap says so in its answer.
    const late = await approve(portal, admin, [made[3]!.id]);
    expect(late).toMatchObject({
      done: [made[3]!.id],
      waiting: [{ id: made[3]!.id, message: `Withdrawal #${made[3]!.id} is approved; its payout waits: ${reason}` }],
    });

    // Held on purpose, not stuck, however long it waits.
    await portal.db.query(sql`UPDATE payouts SET created_at = now() - interval '2 hours' WHERE waiting IS NOT NULL`);
    expect((await readPayoutFigures(portal.ctx)).stuck).toBe(0);

    // The next UTC day: both go out.
    portal.clock.advance(Date.parse(tomorrow) - portal.clock.now.getTime() + 60_000);
    await payAll(portal, chain);
    for (const m of made.slice(2)) {
      expect(await withdrawal(portal, admin, m.id)).toMatchObject({ status: 'paid', payout: null });
    }
    await assertBooksConsistent(portal.db);
    await setSettings(portal.app, admin, { dailyPayoutCap: '0' });
  });
});

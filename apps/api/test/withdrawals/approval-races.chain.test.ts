import { describe, expect, it } from 'vitest';
import { bearer, errorOf, type Session, type TestPortal } from '../harness';
import { invitedAdmin } from '../admin-users/invite-helpers';
import { enableTwoFactor } from '../two-factor/two-factor-helpers';
import { freshAddress, pendingWithdrawal, usePayoutChain } from './payout-helpers';
import { setSettings } from './withdrawal-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * Approvals of one withdrawal sent at once (apps/api/src/withdrawals/review.ts):
 * one is recorded, every other answers 409 with its code, never a 500 (on
 * PostgreSQL they really run at once; on PGlite one after another).
 */

const approveAtOnce = (portal: TestPortal, admins: Session[], id: number) =>
  Promise.all(
    admins.map((admin) =>
      portal.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, headers: bearer(admin) }),
    ),
  );

async function recorded(portal: TestPortal, id: number) {
  const approvals = await portal.db.query<{ admin_id: number }>(
    sql`SELECT admin_id FROM withdrawal_approvals WHERE withdrawal_id = ${id} ORDER BY approved_at`,
  );
  const payouts = await portal.db.query(sql`SELECT id FROM payouts WHERE withdrawal_id = ${id}`);
  const status = await portal.db.query<{ status: string }>(sql`SELECT status FROM withdrawals WHERE id = ${id}`);
  return {
    approvers: approvals.rows.map((row) => Number(row.admin_id)),
    payouts: payouts.rows.length,
    status: status.rows[0]!.status,
  };
}

describe('approvals of one withdrawal at once', () => {
  const setup = usePayoutChain();

  it('eight first approvals by one admin above the second-approval threshold: one recorded, seven 409', async () => {
    const { portal, admin } = setup;
    await setSettings(portal.app, admin, { secondApprovalThreshold: '10' });
    const { id } = await pendingWithdrawal(portal, admin, freshAddress(), '50');
    const answers = await approveAtOnce(portal, Array(8).fill(admin), id);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(errorOf(res).code).toBe('SECOND_APPROVAL_SAME_ADMIN');
    expect(await recorded(portal, id)).toEqual({ approvers: [admin.user.id], payouts: 0, status: 'pending' });
  });

  it('eight approvals by one admin of a one-admin withdrawal: one approves, seven 409', async () => {
    const { portal, admin } = setup;
    await setSettings(portal.app, admin, { secondApprovalThreshold: '5000' });
    const { id } = await pendingWithdrawal(portal, admin, freshAddress(), '50');
    const answers = await approveAtOnce(portal, Array(8).fill(admin), id);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(errorOf(res).code).toBe('WITHDRAWAL_NOT_PENDING');
    expect(await recorded(portal, id)).toEqual({ approvers: [admin.user.id], payouts: 1, status: 'approved' });
  });

  it('two admins, four approvals each at once, of a two-admin withdrawal: approved once, by both', async () => {
    const { portal, admin } = setup;
    const other = await invitedAdmin(portal, admin, 'race-admin');
    await enableTwoFactor(portal, other);
    await setSettings(portal.app, admin, { secondApprovalThreshold: '10' });
    const { id } = await pendingWithdrawal(portal, admin, freshAddress(), '50');
    const answers = await approveAtOnce(portal, [admin, other, admin, other, admin, other, admin, other], id);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(['SECOND_APPROVAL_SAME_ADMIN', 'WITHDRAWAL_NOT_PENDING']).toContain(errorOf(res).code);
    const after = await recorded(portal, id);
    expect(after).toMatchObject({ payouts: 1, status: 'approved' });
    expect([...after.approvers].sort()).toEqual([admin.user.id, other.user.id].sort());
    await setSettings(portal.app, admin, { secondApprovalThreshold: '5000' });
  });
});

import { type PendingItem } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { toWithdrawal, WITHDRAWAL_SELECT, type WithdrawalRow } from '../withdrawals/rows';

/**
 * The member's withdrawals not paid yet, each with where it stands in words:
 * waiting for an admin (or a second one, docs/decisions/0035-withdrawal-policy.md),
 * approved and waiting in the payout queue (with the queue's reason), or on its way.
 */
export async function withdrawalsPending(ctx: AppContext, userId: number): Promise<PendingItem[]> {
  const { rows } = await ctx.db.query<WithdrawalRow>(
    sql`${WITHDRAWAL_SELECT} WHERE w.user_id = ${userId} AND w.status IN ('pending', 'approved') ORDER BY w.id`,
  );
  return rows.map((row) => {
    const w = toWithdrawal(ctx, row);
    return {
      kind: 'withdrawal',
      id: w.id,
      amount: w.amount,
      unit: 'USDT',
      state: stateOf(w.status, w.approvals.length, w.approvalPolicy?.kind ?? null, w.payoutWaiting),
      at: w.createdAt,
      link: '/withdraw',
    };
  });
}

function stateOf(status: string, approvals: number, policy: string | null, waiting: string | null): string {
  if (status === 'pending')
    return approvals > 0 ? 'Approved by one admin; waiting for a second' : 'Waiting for an admin to approve';
  if (waiting) return `Approved; waiting in the payout queue: ${waiting}`;
  return policy === 'automatic' ? 'Approved automatically; being sent' : 'Approved; being sent';
}

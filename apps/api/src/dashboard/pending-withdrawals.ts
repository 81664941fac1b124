import { progressOf, type PendingItem } from '@portal/contract';
import type { AppContext } from '../context';
import { sql, type SqlQuery, type ValueOrColumn } from '../platform/db/sql';
import { toWithdrawal, WITHDRAWAL_SELECT, type WithdrawalRow } from '../withdrawals/rows';

/**
 * The member's withdrawals not settled yet, as `WITHDRAWAL_SELECT` reads them (money as text, so that the
 * member dashboard's statement can carry them as JSON).
 */
export function pendingWithdrawalRows(userId: ValueOrColumn<number>): SqlQuery {
  return sql`SELECT w.id, w.user_id, w.username, w.full_name, w.amount::text AS amount, w.fee::text AS fee, w.address,
         w.status, w.reason, w.tx_hash, w.block_number, w.created_at, w.decided_at, w.paid_at, w.approval_policy,
         w.approval_note, w.approvals, w.payout
    FROM (${WITHDRAWAL_SELECT} WHERE w.user_id = ${userId} AND w.status IN ('pending', 'approved', 'failed')) w
   ORDER BY w.id`;
}

/**
 * Each of those withdrawals with where it stands in the words /withdraw uses (`progressOf`,
 * packages/contract/src/withdrawal-progress.ts), as the member may see them (no admin names, no job notes).
 */
export function withdrawalsPending(ctx: AppContext, rows: WithdrawalRow[]): PendingItem[] {
  const now = ctx.now().getTime();
  return rows.flatMap((row) => {
    const w = toWithdrawal(ctx, row, 'member');
    const progress = progressOf(w, now);
    if (!progress) return [];
    return [
      {
        kind: 'withdrawal' as const,
        id: w.id,
        amount: w.amount,
        unit: 'USDT' as const,
        state: progress.state.charAt(0).toUpperCase() + progress.state.slice(1),
        at: w.createdAt,
        link: '/withdraw',
      },
    ];
  });
}

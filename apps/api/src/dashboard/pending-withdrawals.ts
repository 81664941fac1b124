import { progressOf, type PendingItem } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { toWithdrawal, WITHDRAWAL_SELECT, type WithdrawalRow } from '../withdrawals/rows';

/**
 * The member's withdrawals not settled yet, each with where it stands in the
 * words /withdraw uses (`progressOf`, packages/contract/src/withdrawal-progress.ts),
 * as the member may see them (no admin names, no job notes).
 */
export async function withdrawalsPending(ctx: AppContext, userId: number): Promise<PendingItem[]> {
  const { rows } = await ctx.db.query<WithdrawalRow>(
    sql.prepared(
      sql`${WITHDRAWAL_SELECT} WHERE w.user_id = ${userId} AND w.status IN ('pending', 'approved', 'failed') ORDER BY w.id`,
    ),
  );
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

import type { AppContext } from '../../context';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { conflict } from '../../shared/errors';
import { withdrawalLifecycle } from '../lifecycle';
import { payoutLifecycle, UNPAID_ENDS } from './lifecycle';
import { mustHaveMoved } from '../../shared/lifecycle';

/** The payouts side of approval, inside the admin's transactions (withdrawals/review.ts): queueing, retry, the refund guard. */

const notConfigured = () =>
  conflict(
    'PAYOUTS_NOT_CONFIGURED',
    'Payouts are not configured: the portal has no hot wallet (HOT_WALLET_KEY). Set it up before approving withdrawals.',
  );

/**
 * One queued payout per approved withdrawal, from the portal's hot wallet,
 * in the approval's transaction; `queuedBy` is the admin who approved or
 * retried it (null: the portal itself), never the withdrawal's owner (the
 * `payouts_not_own` trigger, migrations 0041_own_money.sql and
 * 0046_own_money_per_statement.sql).
 */
export async function queuePayouts(
  ctx: AppContext,
  tx: Sql,
  withdrawalIds: number[],
  queuedBy: number | null,
): Promise<void> {
  const chain = ctx.chain;
  if (!chain?.hotWalletAddress) throw notConfigured();
  await payoutLifecycle.queue(tx, withdrawalIds, { chainId: chain.chainId, wallet: chain.hotWalletAddress, queuedBy });
}

/** A failed payout tried again by admin `adminId`: a new payout, the withdrawal approved again. */
export async function requeuePayout(ctx: AppContext, tx: Sql, withdrawalId: number, adminId: number): Promise<void> {
  await queuePayouts(ctx, tx, [withdrawalId], adminId);
  mustHaveMoved(await withdrawalLifecycle.retry(tx, withdrawalId), 1, `withdrawal #${withdrawalId} retried`);
}

/**
 * Why a failed withdrawal may not be refunded, or null. A payout fails
 * only before its nonce is reserved, when its transaction reverted on
 * chain, or when another transaction took its nonce in a final block
 * (follow-in-flight.ts); it ends refused or cancelled only when none of its
 * transactions can be mined any more (refused.ts). So no signed transaction
 * of it can still land; this checks that no other payout of it is live.
 */
export async function payoutRefundRefusal(tx: Sql, withdrawalId: number): Promise<string | null> {
  const { rows } = await tx.query<{ status: string }>(
    sql`SELECT status FROM payouts WHERE withdrawal_id = ${withdrawalId} AND status <> ALL(${[...UNPAID_ENDS]}::text[])`,
  );
  return rows[0] ? `A payout of this withdrawal is still ${rows[0].status}; it cannot be refunded.` : null;
}

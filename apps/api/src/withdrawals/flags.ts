import { fromBaseUnits, type WithdrawalFlag } from '@portal/contract';
import type { AppContext } from '../context';
import { sql, type SqlQuery } from '../platform/db/sql';
import { hotWalletNeeds } from './payout/hot-wallet';
import { hotWalletToken } from './unfunded-payouts';

/**
 * What stands against paying a pending withdrawal as it stands (issue 42, item 2), said on the approval page's
 * "Needs attention" group with its reason and a one-click rejection, before an admin presses Approve: its address
 * was put on the screening list after the request (review.ts refuses to approve it), its member is blocked, or
 * the hot wallet cannot cover its payout after the payouts already approved (the payout would fail,
 * payout/start-queued.ts).
 */

/** What the hot wallet has for pending withdrawals: its token balance less the approved payouts not mined yet. */
export interface HotWalletFree {
  free: bigint;
  symbol: string;
}

/** The hot wallet's free balance now; null without a hot wallet, or when the chain cannot be read. */
export async function hotWalletFree(ctx: AppContext): Promise<HotWalletFree | null> {
  const [token, needs] = await Promise.all([hotWalletToken(ctx), hotWalletNeeds(ctx.db)]);
  if (!token) return null;
  return { free: token.balance - needs.owed, symbol: token.symbol };
}

/** A live screening entry of the withdrawal's (alias `w`) address (entries are stored in lower case). */
const screenedAddress = sql`SELECT s.reason FROM screened_addresses s
  WHERE s.address = lower(w.address) AND s.removed_at IS NULL ORDER BY s.source LIMIT 1`;

/** The columns `flagsOf` reads, for WITHDRAWAL_SELECT (rows.ts; `w` the withdrawal, `u` its member's user). */
export const FLAG_COLUMNS = sql`CASE WHEN w.status = 'pending' THEN (${screenedAddress}) END AS screened,
        (w.status = 'pending' AND u.status = 'blocked') AS member_blocked`;

/** A pending withdrawal (alias `w`) with a flag: for the list's `attention` filter (attention.ts). */
export function flaggedPending(hot: HotWalletFree | null): SqlQuery {
  const unfunded = hot ? sql`OR w.amount - w.fee > ${hot.free}` : sql``;
  return sql`(w.status = 'pending' AND (EXISTS (${screenedAddress})
      OR EXISTS (SELECT 1 FROM users b WHERE b.id = w.user_id AND b.status = 'blocked') ${unfunded}))`;
}

/** A withdrawal's flags, from its FLAG_COLUMNS, its net amount and the hot wallet (null: not said). */
export function flagsOf(
  row: { status: string; address: string; username: string; screened?: string | null; member_blocked?: boolean | null },
  net: bigint,
  hot: HotWalletFree | null,
): WithdrawalFlag[] {
  if (row.status !== 'pending') return [];
  const flags: WithdrawalFlag[] = [];
  if (row.screened) {
    flags.push({
      kind: 'screened',
      reason: `${row.address} was put on the screening list after the request (${row.screened}): it cannot be approved.`,
      rejectWith:
        "The address is on the portal's screening list: withdrawals to it are refused. The amount is back in your income wallet; ask again to another address of your own.",
    });
  }
  if (row.member_blocked) {
    flags.push({
      kind: 'blocked',
      reason: `@${row.username}'s account is blocked: reject it, or unblock the member before approving.`,
      rejectWith: 'Your account is blocked: the amount is back in your income wallet. Contact support.',
    });
  }
  if (hot && net > hot.free) {
    const free = hot.free > 0n ? hot.free : 0n;
    flags.push({
      kind: 'unfunded',
      reason: `The hot wallet has ${fromBaseUnits(free)} ${hot.symbol} free after the payouts already approved, less than the ${fromBaseUnits(net)} this payout sends: fund it (BEP20 Wallets) before approving, or reject it.`,
      rejectWith:
        'The portal cannot pay this withdrawal now: the amount is back in your income wallet. Please ask again later.',
    });
  }
  return flags;
}

import { STUCK_PAYOUT_MINUTES } from '@portal/contract';
import { sql, type SqlQuery } from '../platform/db/sql';
import { flaggedPending, type HotWalletFree } from './flags';

/**
 * What needs an admin among withdrawals and their payouts, written once for
 * the approval page's "Needs attention" group (the list's `attention`
 * filter, list.ts) and the admin dashboard's counts (dashboard/pending-counts.ts):
 * a first approval waiting for a second admin, an approved payout the daily
 * payout cap keeps in the queue (payout/daily-cap.ts), a stuck payout, and a
 * failed one (waiting for a Retry or a Refund), and a pending one flagged
 * (flags.ts: its address screened, its member blocked, the hot wallet short). Each reads by status first,
 * through the status indexes of migration 0015, so it costs the few live
 * rows, not the history.
 */

/** The instant before which a first broadcast makes a payout not yet mined stuck. */
export const stuckBefore = (now: Date): Date => new Date(now.getTime() - STUCK_PAYOUT_MINUTES * 60_000);

/** Whether a payout broadcast at `broadcastAt` and still in `state` is stuck at `now` (the row's side of `stuckPayout`). */
export const isStuck = (state: string, broadcastAt: Date | null, now: Date): boolean =>
  (state === 'signed' || state === 'broadcast') && broadcastAt !== null && broadcastAt <= stuckBefore(now);

/** A payout (alias `p`) signed or broadcast whose first transaction went out `STUCK_PAYOUT_MINUTES` ago and is not mined. */
export const stuckPayout = (now: Date): SqlQuery =>
  sql`p.status IN ('signed', 'broadcast')
      AND (SELECT min(t.broadcast_at) FROM payout_transactions t WHERE t.payout_id = p.id) <= ${stuckBefore(now)}`;

/** A queued payout (alias `p`) the daily payout cap holds back, with its reason in `waiting`. */
export const heldPayout = sql`p.status = 'queued' AND p.waiting IS NOT NULL`;

/** A pending withdrawal (alias `w`) with its first approval: only a second admin's is missing. */
export const waitingForSecondAdmin = sql`w.status = 'pending'
  AND EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id)`;

/** A withdrawal (alias `w`) that needs an admin now; a pending one with a flag too (flags.ts), `hot` its hot wallet's. */
export const needsAttention = (now: Date, hot: HotWalletFree | null): SqlQuery =>
  sql`(w.status = 'failed' OR (${waitingForSecondAdmin}) OR ${flaggedPending(hot)}
       OR (w.status = 'approved' AND EXISTS (SELECT 1 FROM payouts p WHERE p.withdrawal_id = w.id
             AND ((${heldPayout}) OR (${stuckPayout(now)})))))`;

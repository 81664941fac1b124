import type { Withdrawal } from './withdrawals';

/** A paid withdrawal stays among those on their way this long after it is paid, with its transaction. */
export const SENT_SHOWN_MS = 24 * 3_600_000;

/** The statuses /withdraw asks for at once (one request): those not settled yet, and the recently paid. */
export const IN_PROGRESS_STATUSES = 'pending,approved,failed,paid';

/**
 * Where a member's withdrawal stands, in their words (the admin's side:
 * apps/web/src/features/withdrawals/attention.ts), and the transaction to
 * follow once one is on chain; null for one settled (rejected, refunded, or
 * paid more than a day ago). Shared by /withdraw and the dashboard's "in
 * progress" list (apps/api/src/dashboard/pending-withdrawals.ts).
 */
export interface Progress {
  state: string;
  /** The transaction on chain (the payout's latest, or the one mined), with its explorer link when the portal has one. */
  tx: { hash: string; url: string | null } | null;
}

export function progressOf(w: Withdrawal, now: number): Progress | null {
  const payout = w.payout;
  const payoutTx = payout?.txHash ? { hash: payout.txHash, url: payout.explorerUrl } : null;
  switch (w.status) {
    case 'pending':
      return {
        state: w.approvals.length > 0 ? 'approved once, waiting for a second admin' : "waiting for an admin's approval",
        tx: null,
      };
    case 'approved':
      if (!payout || payout.state === 'queued')
        return {
          state: payout?.waiting ? `approved, queued: ${payout.waiting}` : 'approved, queued to be sent',
          tx: null,
        };
      if (payout.state === 'mined') return { state: 'sent, waiting for the chain to confirm it', tx: payoutTx };
      return {
        state: payout.stuck ? 'being sent; the network is taking longer than usual' : 'being sent on chain',
        tx: payoutTx,
      };
    case 'failed':
      return {
        state: 'the payout did not go through; an admin will send it again or refund it to your income wallet',
        tx: null,
      };
    case 'paid':
      if (!w.paidAt || now - Date.parse(w.paidAt) > SENT_SHOWN_MS) return null;
      return { state: 'sent', tx: w.txHash ? { hash: w.txHash, url: w.explorerUrl } : null };
    default:
      return null;
  }
}

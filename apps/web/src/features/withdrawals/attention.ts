import { STUCK_PAYOUT_MINUTES, type Withdrawal } from '@portal/contract';
import { formatDateTime } from '../../shared/format';

/**
 * Why a withdrawal is in the "Needs attention" group of /withdraw-approval
 * (the API's `attention` filter, apps/api/src/withdrawals/attention.ts),
 * in the admin's words: what holds it and what to do.
 */
export type AttentionKind = 'failed' | 'stuck' | 'held' | 'second';

export interface Attention {
  kind: AttentionKind;
  title: string;
  detail: string;
}

export function attentionOf(w: Withdrawal): Attention | null {
  if (w.status === 'failed') {
    return {
      kind: 'failed',
      title: 'Payout failed',
      detail: `${w.reason ?? 'No reason was recorded.'} Retry once the cause is fixed, or refund it to the member's income wallet.`,
    };
  }
  if (w.status === 'pending' && w.approvals.length > 0) {
    const first = w.approvals[0]!;
    const by = first.by ? `@${first.by.username}` : 'an admin';
    const rule = w.approvalPolicy ? ` ${w.approvalPolicy.description}.` : '';
    return {
      kind: 'second',
      title: 'Waits for a second admin',
      detail: `First approval by ${by} on ${formatDateTime(first.at)}.${rule}`,
    };
  }
  const payout = w.status === 'approved' ? w.payout : null;
  if (payout?.waiting) return { kind: 'held', title: 'Held by the daily payout cap', detail: payout.waiting };
  if (payout?.stuck) {
    const note = payout.note ? ` The payout job says: ${payout.note}` : '';
    return {
      kind: 'stuck',
      title: 'Payout stuck',
      detail: `Broadcast on ${formatDateTime(payout.broadcastAt)} and not mined after ${STUCK_PAYOUT_MINUTES} minutes; the payout job keeps raising its fee. Check the transaction and the hot wallet's BNB for gas.${note}`,
    };
  }
  return null;
}

import { STUCK_PAYOUT_MINUTES, type Withdrawal, type WithdrawalFlag } from '@portal/contract';
import { formatDateTime } from '../../shared/format';

/**
 * Why a withdrawal is in the "Needs attention" group of /withdraw-approval
 * (the API's `attention` filter, apps/api/src/withdrawals/attention.ts),
 * in the admin's words: what holds it and what to do.
 */
export type AttentionKind = 'failed' | 'stuck' | 'held' | 'second' | 'flagged';

export interface Attention {
  kind: AttentionKind;
  title: string;
  detail: string;
  /** A flagged one's first flag (the API's, with the reason a one-click rejection sends). */
  flag?: WithdrawalFlag;
}

const FLAG_TITLES: Record<WithdrawalFlag['kind'], string> = {
  screened: 'Address on the screening list',
  blocked: 'Member blocked',
  unfunded: 'Hot wallet cannot cover it',
};

export function attentionOf(w: Withdrawal): Attention | null {
  // What stands against paying it comes first: a second approval would not make it payable.
  const flag = w.status === 'pending' ? w.flags[0] : undefined;
  if (flag) {
    return {
      kind: 'flagged',
      title: w.flags.map((f) => FLAG_TITLES[f.kind]).join(' · '),
      detail: w.flags.map((f) => f.reason).join(' '),
      flag,
    };
  }
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

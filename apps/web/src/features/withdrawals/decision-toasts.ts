import type { ApprovalResult, BulkResult } from '@portal/contract';
import { plural } from '../../shared/words';

export interface DecisionToast {
  variant: 'success' | 'info' | 'warning';
  message: string;
}

/**
 * What an approval or rejection on /withdraw-approval says, one toast per
 * fact: "on their way" only for the payouts that go now; a first approval
 * waiting for a second admin and a payout held by the daily cap (`waiting`)
 * said as waiting; a payout the hot wallet cannot cover (`unfunded`) and a
 * withdrawal left alone (`skipped`) as warnings, with the API's words.
 */
export function decisionToasts(action: 'approve' | 'reject', result: BulkResult | ApprovalResult): DecisionToast[] {
  const { waiting = [], unfunded = [] } = result as Partial<ApprovalResult>;
  const held = [...waiting, ...unfunded];
  const going = result.done.filter((id) => !held.some((w) => w.id === id)).length;
  const toasts: DecisionToast[] = [];
  if (going > 0 || (held.length === 0 && result.skipped.length === 0)) {
    const what = action === 'approve' ? 'approved: payouts are on their way' : 'rejected and refunded';
    toasts.push({ variant: 'success', message: `${plural(going, 'withdrawal')} ${what}.` });
  }
  for (const note of waiting) toasts.push({ variant: 'info', message: note.message });
  for (const note of [...unfunded, ...result.skipped]) toasts.push({ variant: 'warning', message: note.message });
  return toasts;
}

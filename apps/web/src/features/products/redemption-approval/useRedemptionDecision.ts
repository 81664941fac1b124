import { useState } from 'react';
import { rejectionReasonSchema, type Redemption } from '@portal/contract';
import { errorMessage } from '../../../shared/api/errors';
import type { Selection } from '../../../shared/hooks/useSelection';
import { isAnswerLost, newIdempotencyKey } from '../../../shared/idempotency';
import { useToast } from '../../../shared/toast';
import { useDecideRedemptions } from '../api';
import { plural } from '../../../shared/words';

type Decision = { action: 'approve' | 'reject'; rows: Redemption[]; key: string };

/**
 * Approving or rejecting redemptions, one or the selection: the decision awaiting confirmation, the rejection's
 * reason (checked as the API checks it), and the request. A rejection keeps its idempotency key for the dialog's
 * life, so confirming again after a lost answer cannot return the points twice.
 */
export function useRedemptionDecision(selection: Selection<Redemption>) {
  const toast = useToast();
  const decide = useDecideRedemptions();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const open = (action: Decision['action'], chosen: Redemption[]) => {
    setReason('');
    setReasonError(null);
    setDecision({ action, rows: chosen, key: newIdempotencyKey() });
  };

  const confirm = async () => {
    if (!decision) return;
    const ids = decision.rows.map((r) => r.id);
    let checkedReason = '';
    if (decision.action === 'reject') {
      const parsed = rejectionReasonSchema.safeParse(reason);
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? 'Give a reason');
        return;
      }
      checkedReason = parsed.data;
    }
    try {
      const done = await decide.mutateAsync(
        decision.action === 'approve'
          ? { action: 'approve', ids }
          : { action: 'reject', ids, reason: checkedReason, key: decision.key },
      );
      const count = done.items.length;
      toast.success(
        decision.action === 'approve'
          ? `Approved ${plural(count, 'redemption')} for shipping.`
          : `Rejected ${plural(count, 'redemption')}; points and stock returned.`,
      );
      selection.forget(ids);
      setDecision(null);
    } catch (error) {
      toast.error(errorMessage(error));
      if (isAnswerLost(error)) return;
      setDecision(null);
    }
  };

  return {
    decision,
    open,
    confirm,
    close: () => setDecision(null),
    busy: decide.isPending,
    reason,
    reasonError,
    /** A new reason clears the last one's error. */
    editReason: (text: string) => {
      setReason(text);
      setReasonError(null);
    },
  };
}

export type RedemptionDecision = ReturnType<typeof useRedemptionDecision>;

import type { Withdrawal } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { useToast } from '../../shared/toast';
import { usePayoutAction } from './api';

/**
 * Retry and Refund of a failed payout, each with its one toast: on the
 * "Needs attention" group of /withdraw-approval and on the decisions list.
 */
export function usePayoutActions() {
  const toast = useToast();
  const payout = usePayoutAction();
  const act = (w: Withdrawal, action: 'retry' | 'refund') =>
    void payout.mutateAsync({ id: w.id, action }).then(
      () =>
        toast.success(
          action === 'retry'
            ? `Withdrawal #${w.id}: payout queued again.`
            : `Withdrawal #${w.id} refunded to the member's income wallet.`,
        ),
      (error) => toast.error(errorMessage(error)),
    );
  return {
    retry: (w: Withdrawal) => act(w, 'retry'),
    refund: (w: Withdrawal) => act(w, 'refund'),
    busy: payout.isPending,
  };
}

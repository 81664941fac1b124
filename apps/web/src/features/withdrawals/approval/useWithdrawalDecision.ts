import { useState } from 'react';
import { fromBaseUnits, toBaseUnits, type Withdrawal } from '@portal/contract';
import { errorMessage } from '../../../shared/api/errors';
import type { Selection } from '../../../shared/hooks/useSelection';
import { useSession } from '../../../shared/session/useSession';
import { useToast } from '../../../shared/toast';
import { useDecideWithdrawals, useHotWallet } from '../api';
import { useAdminSettings } from '../../settings/api';
import { decisionToasts } from '../decision-toasts';
import { approvalPlan } from './approval-words';

/**
 * Approving or rejecting withdrawals on /withdraw-approval: the selection, or one withdrawal from the "Needs
 * attention" group in its place; the two dialogs' state; what the approval will do, said before the click; and
 * the one request that decides them all.
 */
export function useWithdrawalDecision(selection: Selection<Withdrawal>, enabled: boolean) {
  const toast = useToast();
  const me = useSession().user?.id;
  const hot = useHotWallet();
  const decide = useDecideWithdrawals();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  // One withdrawal approved or rejected from the "Needs attention" group, in place of the selection.
  const [only, setOnly] = useState<Withdrawal | null>(null);
  const [totpCode, setTotpCode] = useState('');
  const settings = useAdminSettings(enabled);

  const chosen = only ? [only] : selection.chosen;
  const closeDialogs = () => {
    setApproving(false);
    setRejecting(false);
    setOnly(null);
  };
  const sum = (key: 'amount' | 'net') => chosen.reduce((total, w) => total + toBaseUnits(w[key]), 0n);
  const overHot = hot.data?.configured && toBaseUnits(hot.data.token) < toBaseUnits(hot.data.owed) + sum('net');
  // The rules the API applies (packages/contract/src/approval-policy.ts), said before the click: a fresh
  // two-factor code for a large approval, and a first approval that waits for another admin.
  const policy = settings.data;
  const plan = approvalPlan(chosen, policy, me);
  const { needsCode } = plan;
  const firstOfTwo = plan.firstOfTwo.length;

  const run = async (action: 'approve' | 'reject') => {
    const ids = chosen.map((w) => w.id);
    try {
      const result = await decide.mutateAsync(
        action === 'reject'
          ? { action, ids, reason: reason.trim() }
          : { action, ids, totpCode: needsCode ? totpCode.trim() : undefined },
      );
      for (const { variant, message } of decisionToasts(action, result)) toast[variant](message);
      selection.forget(ids);
      closeDialogs();
      setReason('');
      setTotpCode('');
    } catch (error) {
      // A used code cannot be sent again: the field is emptied for the next one.
      setTotpCode('');
      toast.error(errorMessage(error));
    }
  };

  /** Opens a dialog for the selection, or for `one` withdrawal in its place. */
  const open = (dialog: 'approve' | 'reject', one?: Withdrawal) => {
    if (one) setOnly(one);
    if (dialog === 'approve') setApproving(true);
    else setRejecting(true);
  };

  return {
    chosen,
    approving,
    rejecting,
    open,
    closeDialogs,
    run,
    busy: decide.isPending,
    reason,
    setReason,
    totpCode,
    setTotpCode,
    netTotal: fromBaseUnits(sum('net')),
    /** Whether the hot wallet holds less than these and the payouts already approved need. */
    overHot: !!overHot,
    hotToken: hot.data?.token,
    policy,
    plan,
    needsCode,
    firstOfTwo,
  };
}

export type WithdrawalDecision = ReturnType<typeof useWithdrawalDecision>;

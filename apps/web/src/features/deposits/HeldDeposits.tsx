import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { screeningReasonSchema, type Deposit } from '@portal/contract';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useReasonField } from '../../shared/hooks/useReasonField';
import { useDecideHeldDeposit } from './api';

type Decision = { deposit: Deposit; action: 'credit' | 'reject' };

/**
 * Deposits held because their sender is on the screening list
 * (docs/decisions/0036-address-screening.md): the column that says why and
 * offers Credit and Reject, and the confirmation of either (the shared
 * money flow: one Idempotency-Key per attempt, one feedback). A rejection
 * asks its reason in the confirmation.
 */
export function useHeldDepositDecisions() {
  const decide = useDecideHeldDeposit();
  const reason = useReasonField(screeningReasonSchema);
  const flow = useConfirmedMutation({
    send: ({ deposit, action }: Decision, key: string) =>
      decide.mutateAsync(
        action === 'credit' ? { id: deposit.id, key, action } : { id: deposit.id, key, action, reason: reason.value() },
      ),
    successMessage: (done) =>
      done.status === 'credited'
        ? `Credited ${formatMoney(done.amount)} USDT to ${done.member.username}'s deposit wallet.`
        : `Rejected the deposit of ${formatMoney(done.amount)} USDT; it stays recorded, never credited.`,
  });
  const open = (deposit: Deposit, action: Decision['action']) => {
    reason.reset();
    flow.open({ deposit, action });
  };
  const confirm = () => {
    if (flow.pending?.action === 'reject' && reason.checked() === undefined) return;
    flow.dialog.onConfirm();
  };

  const column: Column<Deposit> = {
    id: 'decision',
    label: 'Screening',
    minWidth: 220,
    render: (d) => {
      if (d.status === 'held') {
        return (
          <Stack spacing={1}>
            <Typography variant="body2">{d.holdReason}</Typography>
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                color="success"
                onClick={() => open(d, 'credit')}
                aria-label={`Credit deposit ${d.id}`}
              >
                Credit
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => open(d, 'reject')}
                aria-label={`Reject deposit ${d.id}`}
              >
                Reject
              </Button>
            </Stack>
          </Stack>
        );
      }
      if (!d.decision) return '—';
      return (
        <Typography variant="body2" color="text.secondary">
          {`${d.status === 'credited' ? 'Credited' : 'Rejected'} by ${d.decision.by ?? '—'}, ${formatDateTime(d.decision.at)}${d.decision.note ? `: ${d.decision.note}` : ''}`}
        </Typography>
      );
    },
  };

  const pending = flow.pending;
  const dialog = (
    <ConfirmDialog
      title={pending?.action === 'reject' ? 'Reject the held deposit' : 'Credit the held deposit'}
      confirmLabel={pending?.action === 'reject' ? 'Reject' : 'Credit'}
      color={pending?.action === 'reject' ? 'error' : 'primary'}
      {...flow.dialog}
      onConfirm={confirm}
    >
      {pending && (
        <ConfirmSummary
          testId="held-deposit-decision"
          note={
            pending.action === 'credit'
              ? `The amount is credited once to ${pending.deposit.member.username}'s deposit wallet.`
              : 'The deposit stays recorded and is never credited; the reconciliation counts it as rejected funds.'
          }
        >
          <ConfirmLine label="Member">{pending.deposit.member.username}</ConfirmLine>
          <ConfirmAmount label="Amount" value={pending.deposit.amount} unit="USDT" strong />
          <ConfirmLine label="From">{pending.deposit.fromAddress}</ConfirmLine>
          <ConfirmLine label="Held because">{pending.deposit.holdReason}</ConfirmLine>
          {pending.action === 'reject'
            ? reason.field('Reason for rejecting it', 'Required; kept with the deposit and in the audit log.')
            : null}
        </ConfirmSummary>
      )}
    </ConfirmDialog>
  );
  return { column, dialog };
}

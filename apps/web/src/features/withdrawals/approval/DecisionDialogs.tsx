import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmAmount, ConfirmDialog, ConfirmLine } from '../../../shared/components/ConfirmDialog';
import { formatMoney } from '../../../shared/format';
import { plural } from '../../../shared/words';
import { approveLabel, secondApprovalNotes } from './approval-words';
import type { WithdrawalDecision } from './useWithdrawalDecision';

/**
 * The approval restated before it pays: how many, the total sent on chain, and what the API's rules will ask. Its
 * action says what happens ("Approve 1 of 2" records a first approval, "Approve and pay" pays); a second admin is
 * told who gave the first approval and that theirs completes it.
 */
export function ApproveDialog({ decision }: { decision: WithdrawalDecision }) {
  const { chosen, needsCode, policy, firstOfTwo, totpCode, plan } = decision;
  return (
    <ConfirmDialog
      open={decision.approving}
      title={`Approve ${plural(chosen.length, 'withdrawal')}`}
      confirmLabel={approveLabel(plan)}
      busy={decision.busy}
      confirmDisabled={needsCode && !/^\S{6,}$/.test(totpCode.trim())}
      onConfirm={() => void decision.run('approve')}
      onClose={decision.closeDialogs}
    >
      <ConfirmLine label="Withdrawals">{chosen.length}</ConfirmLine>
      <ConfirmAmount label="Total to send on chain" value={decision.netTotal} unit="USDT" strong />
      {needsCode && policy && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, mb: 2 }}>
            These withdrawals add up to more than {formatMoney(policy.largeApprovalThreshold)} USDT: enter the current
            code from your authenticator app to approve them.
          </Typography>
          <TextField
            label="Two-factor code"
            value={totpCode}
            onChange={(e) => decision.setTotpCode(e.target.value)}
            autoComplete="one-time-code"
            fullWidth
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'approval-totp-code' } }}
          />
        </>
      )}
      {firstOfTwo > 0 && (
        <Alert severity="info" sx={{ mt: 3 }}>
          {firstOfTwo === chosen.length ? 'These are' : `${firstOfTwo} of these are`} above the second-approval
          threshold of {formatMoney(policy!.secondApprovalThreshold)} USDT: your approval is recorded as the first, and
          a second admin must approve before the payout goes.
        </Alert>
      )}
      {plan.completes.length > 0 && (
        <Alert severity="info" sx={{ mt: 3 }} data-testid="second-approval-notes">
          {secondApprovalNotes(plan).map((note) => (
            <Typography key={note} variant="body2" component="p">
              {note}
            </Typography>
          ))}
        </Alert>
      )}
      {decision.overHot && (
        <Alert severity="warning" sx={{ mt: 3 }}>
          The hot wallet holds {formatMoney(decision.hotToken)} USDT, not enough for these and the payouts already
          approved. Payouts beyond it will fail until it is funded.
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/** The rejection, with the reason the members will read; the amounts go back to their income wallets. */
export function RejectDialog({ decision }: { decision: WithdrawalDecision }) {
  const { chosen, reason } = decision;
  return (
    <Dialog open={decision.rejecting} onClose={decision.closeDialogs} fullWidth maxWidth="sm">
      <DialogTitle>Reject {plural(chosen.length, 'withdrawal')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          The whole amount goes back to each member's income wallet; they see the reason.
        </Typography>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => decision.setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          required
          slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={decision.closeDialogs}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={reason.trim().length < 3 || decision.busy}
          onClick={() => void decision.run('reject')}
        >
          Reject and refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fromBaseUnits, REJECTION_REASON_MAX, toBaseUnits, type Redemption } from '@portal/contract';
import { ConfirmAmount, ConfirmDialog, ConfirmLine } from '../../../shared/components/ConfirmDialog';
import { formatPoints } from '../../../shared/format';
import type { RedemptionDecision } from './useRedemptionDecision';

/** Points are decimal strings: added as base units, never as JS numbers. */
const total = (rows: Redemption[]) => fromBaseUnits(rows.reduce((sum, r) => sum + toBaseUnits(r.points), 0n));

/** The decision restated before it is made: which redemptions, their points, and for a rejection its reason. */
export function DecisionDialog({ decide }: { decide: RedemptionDecision }) {
  const { decision } = decide;
  return (
    <ConfirmDialog
      open={!!decision}
      title={decision?.action === 'reject' ? 'Reject redemptions' : 'Approve redemptions'}
      confirmLabel={decision?.action === 'reject' ? 'Reject' : 'Approve'}
      color={decision?.action === 'reject' ? 'error' : 'primary'}
      busy={decide.busy}
      onConfirm={() => void decide.confirm()}
      onClose={decide.close}
    >
      {decision && (
        <Box data-testid="decision-confirmation">
          <ConfirmLine label="Redemptions">{decision.rows.map((r) => `R-${r.id}`).join(', ')}</ConfirmLine>
          <ConfirmAmount label="Points in all" value={total(decision.rows)} unit="points" strong />
          {decision.action === 'approve' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              Approving marks {decision.rows.length === 1 ? 'it' : 'them'} as shipped. This is final.
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ my: 3 }}>
                {formatPoints(total(decision.rows))} go back to the members and the pieces back to stock. The members
                see the reason.
              </Typography>
              <TextField
                label="Reason"
                value={decide.reason}
                onChange={(e) => decide.editReason(e.target.value)}
                error={!!decide.reasonError}
                helperText={decide.reasonError ?? 'Shown to the member'}
                multiline
                minRows={2}
                fullWidth
                required
                slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
              />
            </>
          )}
        </Box>
      )}
    </ConfirmDialog>
  );
}

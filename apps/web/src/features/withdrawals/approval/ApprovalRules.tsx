import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { selectionSentence, thresholdsSentence } from './approval-words';
import type { WithdrawalDecision } from './useWithdrawalDecision';

/**
 * Above the batch's buttons on /withdraw-approval: the thresholds in force (a fresh two-factor code, a second
 * admin) and what approving the current selection will do, said before the click.
 */
export function ApprovalRules({ decision }: { decision: WithdrawalDecision }) {
  if (!decision.policy) return null;
  return (
    <Box sx={{ px: 5, pb: 3 }}>
      <Alert severity="info" icon={false}>
        <Typography variant="body2" component="p" data-testid="approval-thresholds">
          {thresholdsSentence(decision.policy)}
        </Typography>
        <Typography variant="body2" component="p" sx={{ mt: 1, fontWeight: 500 }} data-testid="approval-selection">
          {selectionSentence(decision.plan, decision.chosen.length)}
        </Typography>
      </Alert>
    </Box>
  );
}

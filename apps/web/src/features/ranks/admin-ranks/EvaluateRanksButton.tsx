import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/errors';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { formatMoney } from '../../../shared/format';
import { plural } from '../../../shared/words';
import { useToast } from '../../../shared/toast';
import { useEvaluateRanks } from '../api';

/** "Evaluate now", confirmed first: it may credit bonuses. */
export function EvaluateRanksButton({ disabled }: { disabled: boolean }) {
  const toast = useToast();
  const evaluate = useEvaluateRanks();
  const [confirming, setConfirming] = useState(false);

  const runEvaluation = async () => {
    try {
      const result = await evaluate.mutateAsync();
      toast.success(
        `${plural(result.reached, 'rank')} reached, ${formatMoney(result.credited)} USDT credited` +
          (result.awaitingPay !== '0.00' ? `, ${formatMoney(result.awaitingPay)} USDT awaiting a close's pay.` : '.'),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button variant="outlined" onClick={() => setConfirming(true)} disabled={disabled}>
        Evaluate now
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Evaluate ranks now?"
        confirmLabel="Evaluate"
        busy={evaluate.isPending}
        onConfirm={() => void runEvaluation()}
        onClose={() => setConfirming(false)}
      >
        <Typography variant="body2">
          Every member is checked against the active ranks now, as at a daily close. New achievements are recorded and
          their bonuses credited once (with close review on, they wait for the next close&apos;s pay). Running it again
          changes nothing.
        </Typography>
      </ConfirmDialog>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { treasuryMoveBodySchema, type HotWalletFunding, type TreasuryMoveBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { typedAmount } from '../../shared/typed-amount';
import { formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useMoveFromTreasury } from './api';

const formSchema = treasuryMoveBodySchema.extend({ amount: typedAmount() });
type FormInput = z.input<typeof formSchema>;

/**
 * Where the portal holds the treasury's key: an amount moved from the
 * treasury to the hot wallet, through the shared confirmation of money forms
 * (`useConfirmedMutation`, architecture.md, Money forms). The answer comes
 * once the transfer is mined.
 */
export function TreasuryMoveForm({ funding }: { funding: HotWalletFunding }) {
  const move = useMoveFromTreasury();
  const form = useForm<FormInput, unknown, TreasuryMoveBody>({
    resolver: zodResolver(formSchema),
    values: { amount: funding.toMove === '0.00' ? '' : funding.toMove },
    resetOptions: { keepDirtyValues: true },
  });
  const flow = useConfirmedMutation({
    send: (body: TreasuryMoveBody, key: string) => move.mutateAsync({ body, key }),
    successMessage: (done) => `Moved ${formatMoney(done.amount)} USDT from the treasury to the hot wallet.`,
    fieldError: (error) => applyServerFieldError(error, form.setError, ['amount']),
    onSuccess: () => form.reset({ amount: '' }),
  });
  const review = flow.pending;
  return (
    <>
      <Box
        component="form"
        noValidate
        aria-label="Move from the treasury"
        onSubmit={form.handleSubmit((body) => flow.open(body))}
      >
        <Typography variant="subtitle1" component="h3" sx={{ mb: 3 }}>
          Move from the treasury
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
          <AmountField
            label="Amount"
            unit="USDT"
            {...fieldProps(form, 'amount', `The treasury holds ${formatMoney(funding.treasury.balance)} USDT.`)}
          />
          <Button type="submit" variant="contained" sx={{ mt: { sm: 2 } }}>
            Review
          </Button>
        </Stack>
      </Box>
      <ConfirmDialog title="Confirm the move" confirmLabel="Move" {...flow.dialog}>
        {review && (
          <ConfirmSummary
            testId="treasury-move-confirmation"
            note="Signed with the treasury's key and sent now; the hot wallet has it once the transfer is mined. The audit log keeps it."
          >
            <ConfirmLine label="From">Treasury</ConfirmLine>
            <ConfirmLine label="To">Hot wallet</ConfirmLine>
            <ConfirmAmount label="Amount" value={review.amount} unit="USDT" strong />
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { capitalBodySchema, type CapitalBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { typedAmount } from '../../shared/typed-amount';
import { formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useBookCapital } from './api';

const formSchema = capitalBodySchema.extend({ amount: typedAmount() });
type FormInput = z.input<typeof formSchema>;

/**
 * USDT an operator sent to the portal's wallets from an outside address,
 * booked as the company's capital so that the reconciliation explains it
 * (apps/api/src/deposits/book-capital.ts); confirmed like every money form.
 */
export function CapitalForm() {
  const book = useBookCapital();
  const form = useForm<FormInput, unknown, CapitalBody>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '', sender: '', reason: '' },
  });
  const flow = useConfirmedMutation({
    send: (body: CapitalBody, key: string) => book.mutateAsync({ body, key }),
    successMessage: (done) => `Booked ${formatMoney(done.amount)} USDT from ${done.sender} as capital.`,
    fieldError: (error) => applyServerFieldError(error, form.setError, ['amount', 'sender', 'reason']),
    onSuccess: () => form.reset(),
  });
  const review = flow.pending;
  return (
    <>
      <Box component="form" noValidate aria-label="Book outside capital" onSubmit={form.handleSubmit(flow.open)}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Book outside capital
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          USDT sent to the hot wallet or the treasury from any other address shows as unexplained until it is booked
          here.
        </Typography>
        <Stack spacing={3}>
          <AmountField label="Amount" unit="USDT" {...fieldProps(form, 'amount')} />
          <TextField
            label="Sender address"
            {...fieldProps(form, 'sender', 'The address the USDT came from.')}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <TextField label="Reason" {...fieldProps(form, 'reason', 'Kept in the audit log and the journal.')} />
          <Box>
            <Button type="submit" variant="contained">
              Review
            </Button>
          </Box>
        </Stack>
      </Box>
      <ConfirmDialog title="Confirm the booking" confirmLabel="Book" {...flow.dialog}>
        {review && (
          <ConfirmSummary
            testId="capital-confirmation"
            note="Booked in the ledger as the company's capital, so the reconciliation expects it on chain. The audit log keeps it."
          >
            <ConfirmAmount label="Amount" value={review.amount} unit="USDT" strong />
            <ConfirmLine label="Sender">
              <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{review.sender}</span>
            </ConfirmLine>
            <ConfirmLine label="Reason">{review.reason}</ConfirmLine>
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </>
  );
}

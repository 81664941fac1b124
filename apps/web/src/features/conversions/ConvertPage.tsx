import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { amountSchema, type ConversionQuote } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '../../shared/components/AmountField';
import { BalancePanel } from '../../shared/components/BalancePanel';
import { ConfirmDialog, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { Money } from '../../shared/components/Money';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useWallets } from '../wallet/api';
import { fetchConversionQuote, useConversionTerms, useConvert } from './api';

const formSchema = z.object({ amount: z.string().trim().pipe(amountSchema('Amount')) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** /convert ("Point Conversion"): income wallet USDT into points at the rate in force; points pay for products (/redeem-product). */
export function ConvertPage() {
  const wallets = useWallets();
  const terms = useConversionTerms();
  const convert = useConvert();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const conversion = useConfirmedMutation({
    send: (quote: ConversionQuote, key: string) => convert.mutateAsync({ amount: quote.amount, key }),
    successMessage: (done) => `Converted ${formatMoney(done.amount)} USDT into ${formatMoney(done.points)} points.`,
    fieldError: (error) => applyServerFieldError(error, setError, ['amount']),
    onSuccess: () => reset(),
  });
  const pending = conversion.pending;
  const income = wallets.data?.wallets.find((w) => w.wallet === 'income');
  const points = wallets.data?.wallets.find((w) => w.wallet === 'points');

  const review = handleSubmit(({ amount }) => conversion.prepare(() => fetchConversionQuote(amount)));

  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardHeader
            title="Convert income into points"
            subheader="Points pay for products under Redeem product; they cannot be turned back into USDT."
          />
          <CardContent>
            <Box component="form" noValidate onSubmit={review} aria-label="Point conversion">
              <Stack spacing={5}>
                <AmountField
                  label="Amount"
                  unit="USDT"
                  {...fieldProps(
                    form,
                    'amount',
                    terms.data
                      ? `Minimum ${formatMoney(terms.data.minimum)} USDT · rate ${terms.data.rate} points per USDT`
                      : ' ',
                  )}
                />
                <Box>
                  <SubmitButton loading={conversion.preparing}>Review conversion</SubmitButton>
                </Box>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <BalancePanel
          title="Your wallets"
          lines={[
            { label: 'Income wallet (available)', value: income?.balance, unit: 'USDT', testId: 'convert-income' },
            { label: 'Point wallet', value: points?.balance, unit: 'points', testId: 'convert-points' },
          ]}
          links={[
            { to: '/redeem-product', label: 'Redeem product' },
            { to: '/convert-history', label: 'Conversion history' },
          ]}
        />
      </Grid>

      <ConfirmDialog title="Confirm the conversion" confirmLabel="Convert" {...conversion.dialog}>
        {pending && (
          <Box data-testid="conversion-confirmation">
            <ConfirmLine label="From your income wallet">
              <Money value={pending.amount} unit="USDT" />
            </ConfirmLine>
            <ConfirmLine label="Rate">{pending.rate} points per USDT</ConfirmLine>
            <ConfirmLine label="Fee">
              <Money value="0" unit="USDT" />
            </ConfirmLine>
            <ConfirmLine label="Points you receive" strong>
              <Money value={pending.points} unit="points" />
            </ConfirmLine>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              A conversion cannot be undone.
            </Typography>
          </Box>
        )}
      </ConfirmDialog>
    </Grid>
  );
}

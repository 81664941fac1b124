import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { amountSchema, type ConversionQuote } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmDialog, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { Money } from '../../shared/components/Money';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { formatMoney } from '../../shared/format';
import { isAnswerLost, newIdempotencyKey } from '../../shared/idempotency';
import { useToast } from '../../shared/toast';
import { useWallets } from '../wallet/api';
import { fetchConversionQuote, useConversionTerms, useConvert } from './api';

const formSchema = z.object({ amount: z.string().trim().pipe(amountSchema('Amount')) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** /convert ("Point Conversion"): income wallet USDT into points at the rate in force. */
export function ConvertPage() {
  const toast = useToast();
  const wallets = useWallets();
  const terms = useConversionTerms();
  const convert = useConvert();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '' },
  });
  const { handleSubmit, setError, reset, formState } = form;
  const [pending, setPending] = useState<{ quote: ConversionQuote; key: string } | null>(null);
  const income = wallets.data?.wallets.find((w) => w.wallet === 'income');
  const points = wallets.data?.wallets.find((w) => w.wallet === 'points');

  const review = handleSubmit(async ({ amount }) => {
    try {
      setPending({ quote: await fetchConversionQuote(amount), key: newIdempotencyKey() });
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerFieldError(error, setError, ['amount']);
    }
  });

  const confirm = async () => {
    if (!pending) return;
    try {
      const done = await convert.mutateAsync({ amount: pending.quote.amount, key: pending.key });
      toast.success(`Converted ${formatMoney(done.amount)} USDT into ${formatMoney(done.points)} points.`);
      setPending(null);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
      if (isAnswerLost(error)) return;
      setPending(null);
      applyServerFieldError(error, setError, ['amount']);
    }
  };

  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardHeader title="Convert income into points" subheader="Points pay for products in the catalogue." />
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
                  <SubmitButton loading={formState.isSubmitting}>Review conversion</SubmitButton>
                </Box>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardHeader title="Your wallets" />
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              Income wallet (available)
            </Typography>
            <Typography variant="h5" component="p" sx={{ mb: 3 }} data-testid="convert-income">
              {income ? <Money value={income.balance} unit="USDT" /> : '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Point wallet
            </Typography>
            <Typography variant="h5" component="p" sx={{ mb: 4 }} data-testid="convert-points">
              {points ? <Money value={points.balance} unit="points" /> : '—'}
            </Typography>
            <Button component={Link} to="/convert-history" variant="outlined" size="small">
              Conversion history
            </Button>
          </CardContent>
        </Card>
      </Grid>

      <ConfirmDialog
        open={!!pending}
        title="Confirm the conversion"
        confirmLabel="Convert"
        busy={convert.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending && (
          <Box data-testid="conversion-confirmation">
            <ConfirmLine label="From your income wallet">
              <Money value={pending.quote.amount} unit="USDT" />
            </ConfirmLine>
            <ConfirmLine label="Rate">{pending.quote.rate} points per USDT</ConfirmLine>
            <ConfirmLine label="Fee">
              <Money value="0" unit="USDT" />
            </ConfirmLine>
            <ConfirmLine label="Points you receive" strong>
              <Money value={pending.quote.points} unit="points" />
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

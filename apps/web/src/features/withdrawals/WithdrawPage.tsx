import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { toBaseUnits, type WithdrawalBody, type WithdrawalQuote, type WithdrawalTerms } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { MoneyFormPage } from '../../shared/components/MoneyFormPage';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { fetchWithdrawalQuote, useRequestWithdrawal, useWithdrawalAddresses, useWithdrawalTerms } from './api';
import { withdrawalFormSchema, type WithdrawalFormInput } from './withdrawal-form';
import { WithdrawalsInProgress } from './WithdrawalsInProgress';

/** The maximum and the 24-hour limit in force, and what is left now; null when neither applies. */
function limitsText(t: WithdrawalTerms): string | null {
  const parts: string[] = [];
  if (t.maximum) parts.push(`up to ${formatMoney(t.maximum)} USDT per withdrawal`);
  const day = t.dailyLimit;
  if (day) {
    const more =
      day.freesAt && toBaseUnits(day.left) < toBaseUnits(day.limit) ? `, more from ${formatDateTime(day.freesAt)}` : '';
    parts.push(`${formatMoney(day.limit)} USDT in any 24 hours: ${formatMoney(day.left)} USDT left now${more}`);
  }
  return parts.length > 0 ? `You can withdraw ${parts.join(', and ')}.` : null;
}

/** /withdraw: income wallet to a saved BEP20 address; the fee and what arrives are restated before confirming. */
export function WithdrawPage() {
  const terms = useWithdrawalTerms();
  const addresses = useWithdrawalAddresses();
  const request = useRequestWithdrawal();
  const t = terms.data;
  const twoFactor = !!t?.twoFactorEnabled;
  const schema = useMemo(() => withdrawalFormSchema(twoFactor), [twoFactor]);
  const form = useForm<WithdrawalFormInput, unknown, WithdrawalBody>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', address: '', totpCode: '' },
  });
  const { control, handleSubmit, setError, resetField } = form;

  const usable = addresses.data?.items.filter((a) => a.usable) ?? [];
  const waiting = addresses.data?.items.filter((a) => !a.usable) ?? [];
  const blocked = t && t.requiresTwoFactor && !t.twoFactorEnabled;

  const withdrawal = useConfirmedMutation({
    send: ({ quote, body }: { quote: WithdrawalQuote; body: WithdrawalBody }, key: string) =>
      request.mutateAsync({ body: { ...body, amount: quote.amount }, key }),
    // An automatic approval (docs/decisions/0035-withdrawal-policy.md) needs no admin: said as such; where it stands shows below.
    successMessage: (done) =>
      done.status === 'approved'
        ? `Withdrawal of ${formatMoney(done.amount)} USDT approved automatically; ${formatMoney(done.net)} USDT is queued to be sent. Follow it below.`
        : `Withdrawal of ${formatMoney(done.amount)} USDT requested; ${formatMoney(done.net)} USDT will arrive once an admin approves it.`,
    fieldError: (error) => applyServerFieldError(error, setError, ['amount', 'address', 'totpCode']),
    // The address stays chosen for the next withdrawal; the code is single-use.
    onSuccess: () => {
      resetField('amount');
      resetField('totpCode');
    },
  });

  // The address and code are fixed with the quote: the dialog restates what is sent.
  const review = handleSubmit((body) =>
    withdrawal.prepare(async () => ({ quote: await fetchWithdrawalQuote(body.amount), body })),
  );
  const limits = t && limitsText(t);
  const amountHint = t
    ? `Minimum ${formatMoney(t.minimum)} USDT · fee ${t.feePercent}% (at least ${formatMoney(t.feeMinimum)} USDT), taken from the amount`
    : ' ';

  return (
    <MoneyFormPage
      header={{
        title: 'Withdraw USDT',
        subheader: 'From your income wallet to your own BEP20 address (BNB Smart Chain).',
      }}
      form={{ label: 'Withdraw', submit: 'Review withdrawal', onSubmit: review, disabled: !!blocked }}
      flow={withdrawal}
      confirm={{ title: 'Confirm the withdrawal', label: 'Confirm withdrawal' }}
      summary={(pending) => (
        <ConfirmSummary
          testId="withdraw-confirmation"
          note={`${formatMoney(pending.quote.amount)} USDT leaves your income wallet now and is held until an admin approves the withdrawal (or rejects it and gives it back).`}
        >
          <ConfirmLine label="To">
            <span style={{ fontFamily: 'monospace' }}>{pending.body.address}</span>
          </ConfirmLine>
          <ConfirmAmount label="Amount" value={pending.quote.amount} unit="USDT" />
          <ConfirmAmount label="Fee" value={pending.quote.fee} unit="USDT" />
          <ConfirmAmount label="Arrives on chain" value={pending.quote.net} unit="USDT" strong />
        </ConfirmSummary>
      )}
      balance={{
        title: 'Income wallet',
        lines: [{ label: 'Available to withdraw', value: t?.balance, unit: 'USDT', testId: 'withdraw-available' }],
        links: [{ to: '/withdraw-history', label: 'Withdrawal history' }],
      }}
      notices={
        <WithdrawNotices
          limits={limits}
          blocked={!!blocked}
          noAddress={!!addresses.data && usable.length === 0}
          waitingFrom={waiting[0]?.usableFrom}
        />
      }
    >
      <AmountField label="Amount" unit="USDT" {...fieldProps(form, 'amount', amountHint)} />
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="To address"
            {...field}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Only saved addresses past their hold are offered.'}
            slotProps={{ htmlInput: { 'data-testid': 'withdraw-address' } }}
          >
            {usable.map((a) => (
              <MenuItem key={a.id} value={a.address} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {a.label ? `${a.label} — ` : ''}
                {a.address}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {twoFactor && (
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          {...fieldProps(form, 'totpCode', 'The current 6-digit code from your authenticator app.')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'withdraw-totp' } }}
        />
      )}
    </MoneyFormPage>
  );
}

interface NoticesProps {
  limits: string | null | undefined;
  /** Withdrawals need two-factor and the member has not turned it on. */
  blocked: boolean;
  /** No saved address is usable yet. */
  noAddress: boolean;
  /** When the first address still on hold becomes usable. */
  waitingFrom: string | undefined;
}

/** Above the form: the withdrawals under way, the limits in force, and what stops a withdrawal now. */
function WithdrawNotices({ limits, blocked, noAddress, waitingFrom }: NoticesProps) {
  return (
    <>
      <WithdrawalsInProgress />
      {limits && (
        <Alert severity="info" sx={{ mb: 5 }} data-testid="withdraw-limits">
          {limits}
        </Alert>
      )}
      {blocked && (
        <Alert
          severity="warning"
          sx={{ mb: 5 }}
          action={
            <Button component={Link} to="/account-settings?tab=security" color="inherit" size="small">
              Set up
            </Button>
          }
        >
          Withdrawals need two-factor sign-in. Turn it on under Account settings → Security, then come back.
        </Alert>
      )}
      {noAddress && (
        <Alert
          severity="info"
          sx={{ mb: 5 }}
          action={
            <Button component={Link} to="/account-settings?tab=security" color="inherit" size="small">
              Add address
            </Button>
          }
        >
          {waitingFrom !== undefined
            ? `Your address can be used from ${formatDateTime(waitingFrom)}.`
            : 'Save a withdrawal address under Account settings → Security first.'}
        </Alert>
      )}
    </>
  );
}

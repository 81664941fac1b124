import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WithdrawalBody, WithdrawalQuote } from '@portal/contract';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { MoneyFormPage } from '../../shared/components/MoneyFormPage';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { fetchWithdrawalQuote, useRequestWithdrawal, useWithdrawalAddresses, useWithdrawalTerms } from './api';

const FIELDS = ['amount', 'address', 'totpCode'] as const;
type Field = (typeof FIELDS)[number];

/** /withdraw: income wallet to a saved BEP20 address; the fee and what arrives are restated before confirming. */
export function WithdrawPage() {
  const terms = useWithdrawalTerms();
  const addresses = useWithdrawalAddresses();
  const request = useRequestWithdrawal();
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const usable = addresses.data?.items.filter((a) => a.usable) ?? [];
  const waiting = addresses.data?.items.filter((a) => !a.usable) ?? [];
  const t = terms.data;
  const blocked = t && t.requiresTwoFactor && !t.twoFactorEnabled;

  const withdrawal = useConfirmedMutation({
    send: ({ quote, body }: { quote: WithdrawalQuote; body: WithdrawalBody }, key: string) =>
      request.mutateAsync({ body: { ...body, amount: quote.amount }, key }),
    successMessage: (done) =>
      `Withdrawal of ${formatMoney(done.amount)} USDT requested; ${formatMoney(done.net)} USDT will arrive once an admin approves it.`,
    fieldError: (error) => {
      if (!isApiError(error) || !error.field || !(FIELDS as readonly string[]).includes(error.field)) return false;
      setErrors({ [error.field as Field]: error.message });
      return true;
    },
    onSuccess: () => {
      setAmount('');
      setTotpCode('');
    },
  });

  const review = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!amount.trim()) next.amount = 'Amount is required';
    if (!address) next.address = 'Choose a saved address';
    if (t?.twoFactorEnabled && !/^\d{6}$/.test(totpCode.trim()) && totpCode.trim().length < 6)
      next.totpCode = 'Enter the 6-digit code from your authenticator app';
    setErrors(next);
    if (Object.keys(next).length) return;
    // The address and code are fixed with the quote: the dialog restates what is sent.
    const body: WithdrawalBody = {
      amount: amount.trim(),
      address,
      ...(t?.twoFactorEnabled ? { totpCode: totpCode.trim() } : {}),
    };
    await withdrawal.prepare(async () => ({ quote: await fetchWithdrawalQuote(body.amount), body }));
  };

  return (
    <MoneyFormPage
      header={{
        title: 'Withdraw USDT',
        subheader: 'From your income wallet to your own BEP20 address (BNB Smart Chain).',
      }}
      form={{ label: 'Withdraw', submit: 'Review withdrawal', onSubmit: (e) => void review(e), disabled: !!blocked }}
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
        <>
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
          {addresses.data && usable.length === 0 && (
            <Alert
              severity="info"
              sx={{ mb: 5 }}
              action={
                <Button component={Link} to="/account-settings?tab=security" color="inherit" size="small">
                  Add address
                </Button>
              }
            >
              {waiting.length > 0
                ? `Your address can be used from ${formatDateTime(waiting[0]!.usableFrom)}.`
                : 'Save a withdrawal address under Account settings → Security first.'}
            </Alert>
          )}
        </>
      }
    >
      <AmountField
        label="Amount"
        unit="USDT"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={!!errors.amount}
        helperText={
          errors.amount ??
          (t
            ? `Minimum ${formatMoney(t.minimum)} USDT · fee ${t.feePercent}% (at least ${formatMoney(t.feeMinimum)} USDT), taken from the amount`
            : ' ')
        }
        name="amount"
      />
      <TextField
        select
        label="To address"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={!!errors.address}
        helperText={errors.address ?? 'Only saved addresses past their hold are offered.'}
        slotProps={{ htmlInput: { 'data-testid': 'withdraw-address' } }}
      >
        {usable.map((a) => (
          <MenuItem key={a.id} value={a.address} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {a.label ? `${a.label} — ` : ''}
            {a.address}
          </MenuItem>
        ))}
      </TextField>
      {t?.twoFactorEnabled && (
        <TextField
          label="Authentication code"
          value={totpCode}
          onChange={(e) => setTotpCode(e.target.value)}
          autoComplete="one-time-code"
          error={!!errors.totpCode}
          helperText={errors.totpCode ?? 'The current 6-digit code from your authenticator app.'}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'withdraw-totp' } }}
        />
      )}
    </MoneyFormPage>
  );
}

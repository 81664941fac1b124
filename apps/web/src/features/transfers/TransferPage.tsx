import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { receiverUsernameSchema, type TransferQuote } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../shared/api/errors';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { MoneyFormPage } from '../../shared/components/MoneyFormPage';
import { PersonName } from '../../shared/components/PersonName';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { typedAmount } from '../../shared/typed-amount';
import { formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useWallets } from '../wallet/api';
import { fetchTransferQuote, useReceiver, useSendTransfer, useTransferTerms } from './api';

const formSchema = z.object({
  toUsername: receiverUsernameSchema,
  amount: typedAmount(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function useDebounced(value: string, ms = 400): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * /transfer: deposit wallet to another member's deposit wallet. The receiver
 * is looked up as it is typed: their name, or plainly why they cannot receive
 * (unknown, blocked, oneself, the company's account), before any
 * confirmation; the dialog restates everything.
 */
export function TransferPage() {
  const wallets = useWallets();
  const terms = useTransferTerms();
  const send = useSendTransfer();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { toUsername: '', amount: '' },
  });
  const { handleSubmit, setError, clearErrors, reset, watch } = form;
  const transfer = useConfirmedMutation({
    send: ({ body }: { quote: TransferQuote; body: FormOutput }, key: string) => send.mutateAsync({ body, key }),
    successMessage: (done) =>
      `Sent ${formatMoney(done.amount)} USDT to ${done.to.fullName}; ${formatMoney(done.received)} USDT arrived.`,
    fieldError: (error) => applyServerFieldError(error, setError, ['toUsername', 'amount']),
    onSuccess: () => reset(),
  });

  const typed = useDebounced(watch('toUsername').trim());
  const receiver = useReceiver(typed);
  const deposit = wallets.data?.wallets.find((w) => w.wallet === 'deposit');
  // A new name is looked up afresh: the refusal of the previous one no longer applies.
  useEffect(() => clearErrors('toUsername'), [typed, clearErrors]);

  const review = handleSubmit(async (values) => {
    // The lookup already refused this receiver: say it on the field, with no quote and no dialog.
    if (receiver.isError && isApiError(receiver.error) && typed.toLowerCase() === values.toUsername.toLowerCase()) {
      setError('toUsername', { type: 'server', message: receiver.error.message }, { shouldFocus: true });
      return;
    }
    await transfer.prepare(async () => ({ quote: await fetchTransferQuote(values), body: values }));
  });

  const receiverHelp = (() => {
    if (typed.length < 3) return 'The username of the member you are paying.';
    if (receiver.isFetching && !receiver.data) return 'Looking up…';
    if (receiver.isError) return isApiError(receiver.error) ? receiver.error.message : 'Could not look this member up.';
    if (receiver.data) return `Paying ${receiver.data.fullName} (@${receiver.data.username})`;
    return ' ';
  })();
  const amountHint = terms.data
    ? `Minimum ${formatMoney(terms.data.minimum)} USDT · fee ${terms.data.feePercent}% taken from the amount`
    : ' ';
  const usernameField = fieldProps(form, 'toUsername');

  return (
    <MoneyFormPage
      header={{ title: 'Send USDT to another member', subheader: 'From your deposit wallet to theirs.' }}
      form={{ label: 'Transfer', submit: 'Review transfer', onSubmit: review }}
      flow={transfer}
      confirm={{ title: 'Confirm the transfer', label: 'Confirm transfer' }}
      summary={(pending) => (
        <ConfirmSummary
          testId="transfer-confirmation"
          note={`${formatMoney(pending.quote.amount)} USDT leaves your deposit wallet. A transfer cannot be undone.`}
        >
          <ConfirmLine label="To">
            <PersonName person={pending.quote.receiver} />
          </ConfirmLine>
          <ConfirmAmount label="Amount" value={pending.quote.amount} unit="USDT" />
          <ConfirmAmount label={`Fee (${pending.quote.feePercent}%)`} value={pending.quote.fee} unit="USDT" />
          <ConfirmAmount label="They receive" value={pending.quote.received} unit="USDT" strong />
        </ConfirmSummary>
      )}
      balance={{
        title: 'Deposit wallet',
        lines: [
          { label: 'Available to transfer', value: deposit?.balance, unit: 'USDT', testId: 'transfer-available' },
        ],
        links: [
          { to: '/transfer-sender-history', label: 'Transfers sent' },
          { to: '/transfer-Receiver-history', label: 'Transfers received' },
        ],
      }}
    >
      <TextField
        label="Receiver username"
        autoComplete="off"
        {...usernameField}
        error={usernameField.error || (typed.length >= 3 && receiver.isError)}
        helperText={usernameField.error ? usernameField.helperText : receiverHelp}
        slotProps={{
          input: {
            endAdornment:
              receiver.data && !usernameField.error ? (
                <InputAdornment position="end">
                  <CheckCircleOutlined color="success" fontSize="small" aria-label="Member found" />
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
      <AmountField label="Amount" unit="USDT" {...fieldProps(form, 'amount', amountHint)} />
    </MoneyFormPage>
  );
}

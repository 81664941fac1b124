import { zodResolver } from '@hookform/resolvers/zod';
import { type ConversionQuote } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { MoneyFormPage } from '../../shared/components/MoneyFormPage';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { typedAmount } from '../../shared/typed-amount';
import { formatMoney, formatPoints } from '../../shared/format';
import { plural } from '../../shared/words';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useWallets } from '../wallet/api';
import { fetchConversionQuote, useConversionTerms, useConvert } from './api';

const formSchema = z.object({ amount: typedAmount() });
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
    successMessage: (done) => `Converted ${formatMoney(done.amount)} USDT into ${formatPoints(done.points)}.`,
    fieldError: (error) => applyServerFieldError(error, setError, ['amount']),
    onSuccess: () => reset(),
  });
  const income = wallets.data?.wallets.find((w) => w.wallet === 'income');
  const points = wallets.data?.wallets.find((w) => w.wallet === 'points');

  const amountHint = terms.data
    ? `Minimum ${formatMoney(terms.data.minimum)} USDT · rate ${plural(terms.data.rate, 'point')} per USDT`
    : ' ';
  const review = handleSubmit(({ amount }) => conversion.prepare(() => fetchConversionQuote(amount)));

  return (
    <MoneyFormPage
      header={{
        title: 'Convert income into points',
        subheader: 'Points pay for products under Redeem product; they cannot be turned back into USDT.',
      }}
      form={{ label: 'Point conversion', submit: 'Review conversion', onSubmit: review }}
      flow={conversion}
      confirm={{ title: 'Confirm the conversion', label: 'Convert' }}
      summary={(pending) => (
        <ConfirmSummary testId="conversion-confirmation" note="A conversion cannot be undone.">
          <ConfirmAmount label="From your income wallet" value={pending.amount} unit="USDT" />
          <ConfirmLine label="Rate">{plural(pending.rate, 'point')} per USDT</ConfirmLine>
          <ConfirmAmount label="Fee" value="0" unit="USDT" />
          <ConfirmAmount label="Points you receive" value={pending.points} unit="points" strong />
        </ConfirmSummary>
      )}
      balance={{
        title: 'Your wallets',
        lines: [
          { label: 'Income wallet (available)', value: income?.balance, unit: 'USDT', testId: 'convert-income' },
          { label: 'Point wallet', value: points?.balance, unit: 'points', testId: 'convert-points' },
        ],
        links: [
          { to: '/redeem-product', label: 'Redeem product' },
          { to: '/convert-history', label: 'Conversion history' },
        ],
      }}
    >
      <AmountField label="Amount" unit="USDT" {...fieldProps(form, 'amount', amountHint)} />
    </MoneyFormPage>
  );
}

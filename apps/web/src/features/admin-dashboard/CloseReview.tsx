import { useState } from 'react';
import type { ClosePayout, CloseResult } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { FactList } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { formatBV, formatCount, formatDateTime, formatMoney } from '../../shared/format';
import { plural } from '../../shared/words';
import { useToast } from '../../shared/toast';
import { useCloseReview, usePayClose } from '../packages/api';

type Close = Omit<CloseResult, 'created'>;

/** Payouts as lines (a phone-wide table would scroll): who, what is paid, what the cap flushed. */
function PayoutList({ label, items }: { label: string; items: ClosePayout[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {items.map((p) => (
        <Typography component="li" variant="body2" key={p.memberId}>
          <strong>{p.member}</strong>
          {`: ${formatMoney(p.paid)} USDT (${formatBV(p.matched)} BV matched${p.flushed === '0.00' ? '' : `, ${formatMoney(p.flushed)} USDT over the cap`})`}
        </Typography>
      ))}
    </Stack>
  );
}

/** When the close pays itself, or that only an admin pays it. */
function payAfterText(close: Pick<Close, 'payAfter'>): string {
  return close.payAfter
    ? `It pays itself at ${formatDateTime(close.payAfter)} unless an admin pays it sooner.`
    : 'Only an admin pays it.';
}

/**
 * A close computed for review (the `closeReview` setting; docs/plan.md, "A
 * close to review"): its totals, the largest payouts and those over the
 * threshold, and Pay, confirmed, which credits exactly these records once.
 */
export function CloseReview({ close }: { close: Close }) {
  const toast = useToast();
  const review = useCloseReview(close.date);
  const pay = usePayClose();
  const [confirming, setConfirming] = useState(false);
  const r = review.data;

  const runPay = async () => {
    try {
      const result = await pay.mutateAsync(close.date);
      toast[result.created ? 'success' : 'info'](
        result.created
          ? `Paid the close of ${result.date}: ${formatMoney(result.paid)} USDT credited.`
          : `The close of ${result.date} was already paid.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack spacing={3} data-testid="close-review">
      <Alert severity="warning">
        {`The close of ${close.date} is computed and being reviewed: nobody is credited until it is paid. ${payAfterText(close)} The next day's close waits for it.`}
      </Alert>
      {review.isError ? (
        <Alert severity="error">{errorMessage(review.error, 'The review could not be loaded.')}</Alert>
      ) : !r ? (
        <Typography variant="body2">Loading the review…</Typography>
      ) : (
        <>
          <FactList
            columns={{ xs: 1, sm: 2 }}
            facts={[
              ['Members paid', formatCount(r.membersPaid)],
              ['Total to pay', <Money key="paid" value={r.close.paid} unit="USDT" />],
              ['Flushed over the caps', <Money key="flushed" value={r.close.flushed} unit="USDT" />],
              [
                r.close.days > 1 ? `Sales of the ${r.close.days} days covered` : 'Sales of the day',
                <Money key="sales" value={r.sales} unit="USDT" />,
              ],
              ['Payout ratio', r.payoutRatio === null ? 'No sales' : `${r.payoutRatio}%`],
              [
                `Rank bonuses (${formatCount(r.rankBonuses.count)})`,
                <Money key="ranks" value={r.rankBonuses.total} unit="USDT" />,
              ],
            ]}
          />
          <Typography variant="subtitle2" component="h3">
            Largest payouts
          </Typography>
          {r.largest.length === 0 ? (
            <Typography variant="body2">Nobody is paid by this close.</Typography>
          ) : (
            <PayoutList label="Largest payouts" items={r.largest} />
          )}
          <Typography variant="subtitle2" component="h3">
            {`Over ${formatMoney(r.overThreshold.threshold)} USDT: ${plural(r.overThreshold.count, 'payout')}, ${formatMoney(r.overThreshold.total)} USDT`}
          </Typography>
          {r.overThreshold.items.length > 0 && (
            <PayoutList label="Payouts over the threshold" items={r.overThreshold.items} />
          )}
          {r.overThreshold.count > r.overThreshold.items.length && (
            <Typography variant="body2" color="text.secondary">
              {`The ${formatCount(r.overThreshold.items.length)} largest are shown; the matching bonus report lists them all.`}
            </Typography>
          )}
          <Button variant="contained" disabled={pay.isPending} onClick={() => setConfirming(true)}>
            Pay this close
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Pay the close"
        confirmLabel="Pay"
        busy={pay.isPending}
        onConfirm={() => void runPay()}
        onClose={() => setConfirming(false)}
      >
        <ConfirmSummary
          testId="close-pay-summary"
          note="Each member's matching bonus is credited to their income wallet, exactly as reviewed. A close is paid once; paying again changes nothing."
        >
          <ConfirmLine label="UTC day" strong>
            {close.date}
          </ConfirmLine>
          <ConfirmLine label="Members paid">{r ? formatCount(r.membersPaid) : '—'}</ConfirmLine>
          <ConfirmAmount label="Total" value={close.paid} unit="USDT" strong />
        </ConfirmSummary>
      </ConfirmDialog>
    </Stack>
  );
}

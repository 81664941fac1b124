import { useTheme } from '@mui/material/styles';
import { periodPayoutRatio, type AdminDashboard } from '@portal/contract';
import { ChartCard } from '../../shared/components/ChartCard';
import { DaysShown, useDayRange } from '../../shared/components/DaysShown';
import { formatMoney } from '../../shared/format';

/**
 * Sales and bonuses paid by day over the last 7, 30 or 90 days, side by side
 * (bonuses are not a part of sales: never stacked), with the payout ratio
 * as a line; the totals under the title are the period's, not all time's.
 */
export function SalesBonusesCard({ series }: { series: AdminDashboard['series'] | undefined }) {
  const theme = useTheme();
  const [range, setRange] = useDayRange();
  const shown = series?.slice(-range);
  const totals = shown && periodPayoutRatio(shown);
  return (
    <ChartCard
      title={`Sales and bonuses, last ${range} days`}
      subheader={
        totals
          ? `Sales ${formatMoney(totals.sales)} · bonuses ${formatMoney(totals.bonuses)} USDT · payout ratio ${totals.ratio === null ? '—' : `${totals.ratio}%`} over these days`
          : ' '
      }
      filters={<DaysShown value={range} onChange={setRange} />}
      chart={
        shown && {
          label: `Sales and bonuses by day, last ${range} days`,
          periods: shown.map((s) => s.day),
          series: [
            { label: 'Sales', values: shown.map((s) => s.sales), color: theme.palette.primary.main },
            { label: 'Bonuses paid', values: shown.map((s) => s.bonuses), color: theme.palette.warning.main },
          ],
          line: { label: 'Payout ratio', values: shown.map((s) => s.payoutRatio), color: theme.palette.error.main },
        }
      }
    />
  );
}

import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import type { IncomeDay } from '@portal/contract';
import { Link } from 'react-router';
import { ChartCard } from '../../shared/components/ChartCard';
import { DaysShown, useDayRange } from '../../shared/components/DaysShown';
import { formatMoney } from '../../shared/format';

/** Income over the last 7, 30 or 90 days by kind, every day on the axis; the Total income page has the rest. */
export function IncomeCard({ days, total }: { days: IncomeDay[] | undefined; total: string | undefined }) {
  const theme = useTheme();
  const [range, setRange] = useDayRange();
  const shown = days?.slice(-range);
  return (
    <ChartCard
      title="Income"
      subheader={total === undefined ? ' ' : `${formatMoney(total)} USDT in all, credited to your income wallet`}
      filters={
        <>
          <DaysShown value={range} onChange={setRange} />
          <Button component={Link} to="/total-income" size="small">
            Total income
          </Button>
        </>
      }
      chart={
        shown && {
          label: `Income over the last ${range} days`,
          periods: shown.map((d) => d.day),
          series: [
            { label: 'Referral', values: shown.map((d) => d.referral), color: theme.palette.primary.main },
            { label: 'Matching', values: shown.map((d) => d.matching), color: theme.palette.info.main },
            { label: 'Rank', values: shown.map((d) => d.rank), color: theme.palette.secondary.main },
          ],
        }
      }
    />
  );
}

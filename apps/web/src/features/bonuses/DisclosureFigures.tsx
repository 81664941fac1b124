import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { type IncomeDisclosure } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { WholeTable } from '../../shared/components/WholeTable';
import { FactList } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { formatCount, formatNumber } from '../../shared/format';
import { plural } from '../../shared/words';

// The disclosure's figures as the admins' page (/income-disclosure) and the published one
// (/published-income-disclosure) both show them.

type Percentile = IncomeDisclosure['income']['percentiles'][number];

const PERCENTILE_COLUMNS: Column<Percentile>[] = [
  { id: 'percentile', label: 'Percentile', render: (row) => `${row.percentile}th` },
  {
    id: 'reading',
    label: 'Reads',
    secondary: true,
    render: (row) => `${row.percentile}% of members earned this or less`,
  },
  {
    id: 'income',
    label: 'Gross bonus income',
    align: 'right',
    render: (row) => <Money value={row.income} unit="USDT" />,
  },
];

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${formatNumber((part / whole) * 100, 1)}%`);

export function DisclosureFigures({ d }: { d: IncomeDisclosure }) {
  return (
    <FactList
      columns={{ xs: 1, sm: 2, lg: 4 }}
      facts={[
        ['Members counted', formatCount(d.members)],
        ['Members with any bonus income', `${formatCount(d.earners)} (${share(d.earners, d.members)})`],
        ['Median income', <Money key="median" value={d.income.median} unit="USDT" />],
        ['Mean income', <Money key="mean" value={d.income.mean} unit="USDT" />],
        ['Income paid in all', <Money key="total" value={d.income.total} unit="USDT" />],
        ['Spent on packages in all', <Money key="spent" value={d.spent.total} unit="USDT" />],
        ['Mean spent on packages', <Money key="spent-mean" value={d.spent.mean} unit="USDT" />],
        [
          'Earned more than they spent',
          `${formatCount(d.earnedMoreThanSpent)} (${share(d.earnedMoreThanSpent, d.members)})`,
        ],
        ['Typical time in the network', plural(d.typicalDaysInNetwork, 'day')],
      ]}
    />
  );
}

/** The percentiles, each a sentence and an income, in their card. */
export function PercentileCard({ d }: { d: IncomeDisclosure }) {
  return (
    <Card>
      <CardHeader
        title="Income by percentile"
        subheader="By nearest rank: each figure is what a member really earned."
      />
      <WholeTable
        label="Income by percentile"
        columns={PERCENTILE_COLUMNS}
        rows={d.income.percentiles}
        rowKey={(row) => row.percentile}
        loading={false}
        empty="No percentiles."
      />
    </Card>
  );
}

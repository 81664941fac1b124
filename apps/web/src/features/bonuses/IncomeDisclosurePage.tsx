import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useState } from 'react';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type IncomeDisclosure } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { WholeTable } from '../../shared/components/WholeTable';
import { FactList } from '../../shared/components/FactList';
import { DayRangeFilter, FilterBar } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { formatCount, formatNumber } from '../../shared/format';
import { plural } from '../../shared/words';
import { REVERSED_PERIOD, usePeriod } from '../../shared/period';
import { downloadFile } from '../../shared/download';
import { useToast } from '../../shared/toast';
import { errorMessage } from '../../shared/api/errors';

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

/** The disclosure as the PDF the API writes, for publishing; the file is the feedback, a failure a toast. */
function PdfButton({ period, disabled }: { period: { from: string; to: string }; disabled: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams(period).toString();
      await downloadFile(
        `${endpoints.incomeDisclosure.pdf.path}?${query}`,
        'application/pdf',
        `income-disclosure-${period.from}-to-${period.to}.pdf`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlined />}
      disabled={busy || disabled}
      onClick={() => void download()}
    >
      Download PDF
    </Button>
  );
}

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${formatNumber((part / whole) * 100, 1)}%`);

function Figures({ d }: { d: IncomeDisclosure }) {
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

/**
 * /income-disclosure: what members really earned in a period (this year unless chosen), every member counted,
 * those who earned nothing too, against what they spent; its CSV.
 */
export function IncomeDisclosurePage() {
  const { list, period, reversed } = usePeriod((today) => `${today.slice(0, 4)}-01-01`);
  const disclosure = useQuery({
    queryKey: ['admin', 'income-disclosure', period],
    queryFn: ({ signal }) => api.call(endpoints.incomeDisclosure.read, { query: period, signal }),
    enabled: !reversed,
    placeholderData: keepPreviousData,
  });
  const d = disclosure.data;
  return (
    <Stack spacing={6}>
      <Card>
        <CardHeader
          title="Income disclosure"
          subheader="Gross bonus income (referral, matching, rank) of every member who was in the network by the period's end, those who earned nothing included; the company's root position is not counted. UTC days."
          action={
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              <CsvExportButton list={endpoints.incomeDisclosure.read} name="income-disclosure" query={period} />
              <PdfButton period={period} disabled={reversed} />
            </Stack>
          }
          sx={{ flexWrap: 'wrap', gap: 2 }}
        />
        <FilterBar>
          <DayRangeFilter filters={period} update={list.update} />
        </FilterBar>
        <CardContent>
          {reversed ? (
            <Alert severity="info">{REVERSED_PERIOD}</Alert>
          ) : disclosure.isError ? (
            <Alert severity="warning">{errorMessage(disclosure.error)}</Alert>
          ) : d && d.members === 0 ? (
            <Alert severity="info">No member had joined by the end of this period: there is nothing to disclose.</Alert>
          ) : d ? (
            <Figures d={d} />
          ) : null}
        </CardContent>
      </Card>
      {d && d.members > 0 && !reversed ? (
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
      ) : null}
    </Stack>
  );
}

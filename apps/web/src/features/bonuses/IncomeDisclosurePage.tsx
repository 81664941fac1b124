import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useState } from 'react';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { DayRangeFilter, FilterBar } from '../../shared/components/ListFilters';
import { REVERSED_PERIOD, usePeriod } from '../../shared/period';
import { downloadFile } from '../../shared/download';
import { useToast } from '../../shared/toast';
import { errorMessage } from '../../shared/api/errors';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useAdminSettings } from '../settings/api';
import { DisclosureFigures, PercentileCard } from './DisclosureFigures';

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

/** Whether anyone may read the disclosure (the `incomeDisclosurePublic` setting), and where. */
function PublishedNote() {
  const settings = useAdminSettings();
  if (!settings.data) return null;
  return settings.data.incomeDisclosurePublic ? (
    <Alert severity="success">
      Published: anyone may read each calendar year's figures at{' '}
      <Link component={RouterLink} to="/published-income-disclosure">
        /published-income-disclosure
      </Link>
      , without signing in.
    </Alert>
  ) : (
    <Alert severity="info">
      Not published: only admins see it. To let anyone read each calendar year's figures, turn on “Publish the income
      disclosure” under{' '}
      <Link component={RouterLink} to="/admin/settings">
        Settings
      </Link>
      .
    </Alert>
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
        <CardContent sx={{ pb: 0 }}>
          <PublishedNote />
        </CardContent>
        <CardContent>
          {reversed ? (
            <Alert severity="info">{REVERSED_PERIOD}</Alert>
          ) : disclosure.isError ? (
            <Alert severity="warning">{errorMessage(disclosure.error)}</Alert>
          ) : d && d.members === 0 ? (
            <Alert severity="info">No member had joined by the end of this period: there is nothing to disclose.</Alert>
          ) : d ? (
            <DisclosureFigures d={d} />
          ) : null}
        </CardContent>
      </Card>
      {d && d.members > 0 && !reversed ? <PercentileCard d={d} /> : null}
    </Stack>
  );
}

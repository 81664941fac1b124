import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api/instance';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { DisclosureFigures, PercentileCard } from './DisclosureFigures';

/** The years offered: this one and the nine before (the API says which of them the portal was open in). */
const YEARS = 10;

/** A year the portal was not open: a state of the portal, explained rather than shown as an error. */
const isState = (error: unknown) => isApiError(error) && error.code === 'INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE';

/**
 * /published-income-disclosure: what members really earned in a calendar year, for anyone, without signing in, when
 * the operator publishes it (the `incomeDisclosurePublic` setting); the year in the address (`?year=2026`).
 */
export function PublishedIncomeDisclosurePage() {
  const thisYear = new Date().getUTCFullYear();
  const [params, setParams] = useSearchParams();
  const year = /^\d{4}$/.test(params.get('year') ?? '') ? params.get('year')! : String(thisYear);
  const disclosure = useQuery({
    queryKey: ['income-disclosure', 'published', year],
    queryFn: ({ signal }) => api.call(endpoints.incomeDisclosure.published, { query: { year }, signal }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !isState(error) && count < 2,
  });
  const d = disclosure.data?.published ? disclosure.data : undefined;
  return (
    <Stack spacing={6}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Income Disclosure
        </Typography>
        <Typography color="text.secondary">
          What the network’s members really earned in a calendar year: gross bonus income (referral, matching, rank) of
          every member who had joined by the year’s end, those who earned nothing included, against what they spent on
          packages. No member is named.
        </Typography>
      </Box>
      <Card>
        <CardHeader
          title={`The year ${year}`}
          subheader={
            d
              ? `${d.from} to ${d.to}, UTC days; worked out ${formatDateTime(d.asOf)}.`
              : 'UTC days, January to December.'
          }
          action={
            <TextField
              select
              size="small"
              label="Year"
              value={year}
              onChange={(event) => setParams({ year: event.target.value })}
              sx={{ minWidth: 120 }}
            >
              {Array.from({ length: YEARS }, (_, i) => String(thisYear - i)).map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          }
          sx={{ flexWrap: 'wrap', gap: 2 }}
        />
        <CardContent>
          {disclosure.isPending ? (
            <Skeleton variant="rounded" height={160} />
          ) : disclosure.isError ? (
            <Alert severity={isState(disclosure.error) ? 'info' : 'warning'}>{errorMessage(disclosure.error)}</Alert>
          ) : disclosure.data?.published === false ? (
            <Alert severity="info">
              This portal does not publish its income disclosure. Members may ask the company for its figures.
            </Alert>
          ) : d && d.members === 0 ? (
            <Alert severity="info">No member had joined by the end of {year}: there is nothing to disclose.</Alert>
          ) : d ? (
            <DisclosureFigures d={d} />
          ) : null}
        </CardContent>
      </Card>
      {d && d.members > 0 && !disclosure.isError ? <PercentileCard d={d} /> : null}
    </Stack>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { PickerDay } from '@mui/x-date-pickers/PickerDay';
import type { PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import type { CloseResult } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmDialog, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { formatMoney } from '../../shared/format';
import { plural } from '../../shared/words';
import { useToast } from '../../shared/toast';
import { useCloseDay, useCloses } from '../packages/api';
import { closeReportPath } from '../admin-transactions/TransactionsTable';
import { closedDays, firstOpenDay, utcToday } from './close-days';
import { CloseReview } from './CloseReview';

const DAY = 'YYYY-MM-DD';

/** A calendar day that says when it is closed (and by which close), in its name and with a mark. */
function dayWithCloses(closed: Map<string, string>) {
  return function CloseDay(props: PickerDayProps) {
    const key = props.day.format(DAY);
    const by = closed.get(key);
    if (!by || props.outsideCurrentMonth) return <PickerDay {...props} />;
    const name = `${props.day.format('MMMM D')}, closed${by === key ? '' : ` with ${by}`}`;
    return (
      <PickerDay
        {...props}
        aria-label={name}
        title={name}
        data-closed="true"
        sx={{ textDecoration: 'line-through', '&.Mui-disabled:not(.Mui-selected)': { color: 'text.secondary' } }}
      />
    );
  };
}

/**
 * The daily matching close on the admin dashboard: the
 * picker starts on the first day that can still be closed, refuses days
 * after today (UTC) and days already closed, and marks the closed ones.
 * A close computed for review (the `closeReview` setting) is reviewed and
 * paid here (CloseReview.tsx); until then no later day can be closed.
 */
export function DailyCloseCard() {
  const toast = useToast();
  const closes = useCloses();
  const closeDay = useCloseDay();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const today = utcToday();
  const items = closes.data?.items ?? [];
  const first = closes.data ? firstOpenDay(items, today) : null;
  // One day component per list of closes, so the calendar keeps its days between renders.
  const daySlot = useMemo(() => dayWithCloses(closedDays(closes.data?.items ?? [])), [closes.data]);
  const last = items[0];
  const inReview = last?.state === 'in_review' ? last : undefined;

  // Back to the first open day whenever the closes change (after a close, the next day).
  useEffect(() => setDate(first ? dayjs(first) : null), [first]);

  const chosen = date?.isValid() ? date.format(DAY) : null;
  const runClose = async () => {
    if (!chosen) return;
    try {
      const result = await closeDay.mutateAsync(chosen);
      toast[result.created ? 'success' : 'info'](closeMessage(result));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Daily matching close"
        subheader="Runs by itself at the configured time for the previous UTC day."
      />
      <CardContent>
        {closes.isError ? (
          <Alert severity="error">{errorMessage(closes.error, 'The closes could not be loaded.')}</Alert>
        ) : (
          <Stack spacing={4}>
            <Typography variant="body2" data-testid="close-status">
              {closes.isPending
                ? 'Loading the closes…'
                : inReview
                  ? `Closed up to ${inReview.date}, which is being reviewed. The next day can be closed once it is paid.`
                  : last
                    ? `Closed up to ${last.date}. ${first ? `The first open day is ${first}.` : 'Every day up to today is closed; the next can be closed tomorrow (UTC).'}`
                    : `No day closed yet. The first open day is ${first}.`}
            </Typography>
            {inReview && <CloseReview close={inReview} />}
            {first && !inReview && (
              <LocalizationProvider dateAdapter={AdapterDayjs}>
                <DatePicker
                  label="UTC day"
                  value={date}
                  onChange={(value) => setDate(value)}
                  onError={(error) => setInvalid(error !== null)}
                  minDate={dayjs(first)}
                  maxDate={dayjs(today)}
                  format="YYYY-MM-DD"
                  slots={{ day: daySlot }}
                  slotProps={{
                    textField: {
                      size: 'small',
                      helperText: invalid
                        ? `Choose a day from ${first} to ${today}: earlier days are closed and later ones have not begun.`
                        : `Open days: ${first} to ${today}.`,
                    },
                  }}
                />
              </LocalizationProvider>
            )}
            {!inReview && (
              <>
                <Typography variant="body2" color="text.secondary">
                  Closing today early includes every purchase made so far; later purchases go to the next day&apos;s
                  close.
                </Typography>
                <Button
                  variant="contained"
                  disabled={!chosen || invalid || closeDay.isPending}
                  onClick={() => setConfirming(true)}
                >
                  Close day
                </Button>
              </>
            )}
            {items.length > 0 && <LatestCloses closes={items.slice(0, 3)} />}
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Run the daily close"
        confirmLabel="Close the day"
        busy={closeDay.isPending}
        onConfirm={() => void runClose()}
        onClose={() => setConfirming(false)}
      >
        <ConfirmLine label="UTC day" strong>
          {chosen}
        </ConfirmLine>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          Every active member&apos;s matched volume is paid into their income wallet (or, while closes are reviewed,
          computed and paid once an admin pays it). A day closes once; running it again changes nothing.
        </Typography>
      </ConfirmDialog>
    </Card>
  );
}

/** What a close did, in words: computed for review, closed (with the unclosed days before it), or closed already. */
function closeMessage(result: CloseResult): string {
  return result.created && result.state === 'in_review'
    ? `Computed the close of ${result.date}: ${plural(result.members, 'member')} matched, ${formatMoney(result.paid)} USDT to pay once reviewed.`
    : result.created
      ? `Closed ${result.date}${result.days > 1 ? ` and the ${plural(result.days - 1, 'unclosed day')} before it (caps × ${result.days})` : ''}: ${plural(result.members, 'member')} matched, ${formatMoney(result.paid)} USDT paid.`
      : `${result.date} was already closed (${formatMoney(result.paid)} USDT paid then).`;
}

/** The latest closes, each linked to its report. */
function LatestCloses({ closes }: { closes: Array<Omit<CloseResult, 'created'>> }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Latest closes">
      {closes.map((c) => (
        <Typography component="li" variant="body2" key={c.date}>
          <Link component={RouterLink} to={closeReportPath(c.date)}>
            {c.date}
          </Link>
          {`: ${plural(c.members, 'member')}, ${formatMoney(c.paid)} USDT ${c.state === 'in_review' ? 'to pay (being reviewed)' : 'paid'}`}
          {c.days > 1 ? ` (covers ${c.days} days)` : ''}
        </Typography>
      ))}
    </Stack>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmDialog, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { Money } from '../../shared/components/Money';
import { formatCount, formatMoney } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAdminDashboard, useCloseDay } from '../packages/api';
import { BarChart } from '../bonuses/BarChart';

const today = () => new Date().toISOString().slice(0, 10);

/** /admindashboard: members, sales, bonuses paid and the payout ratio; the daily close. */
export function AdminDashboardPage() {
  const theme = useTheme();
  const toast = useToast();
  const dashboard = useAdminDashboard();
  const closeDay = useCloseDay();
  const [date, setDate] = useState(today());
  const [confirming, setConfirming] = useState(false);
  const d = dashboard.data;

  const runClose = async () => {
    try {
      const result = await closeDay.mutateAsync(date);
      toast[result.created ? 'success' : 'info'](
        result.created
          ? `Closed ${result.date}${result.days > 1 ? ` and the ${result.days - 1} unclosed day${result.days === 2 ? '' : 's'} before it (caps × ${result.days})` : ''}: ${formatCount(result.members)} member${result.members === 1 ? '' : 's'} matched, ${formatMoney(result.paid)} USDT paid.`
          : `${result.date} was already closed (${formatMoney(result.paid)} USDT paid then).`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  const stats = [
    // Says what it counts: the Members list shows the root too, so it is one more (issue 15, point 9).
    { id: 'members', label: 'Members', value: d ? formatCount(d.members) : '—', hint: 'Not counting the company root' },
    { id: 'active', label: 'Active members', value: d ? formatCount(d.activeMembers) : '—' },
    { id: 'sales', label: 'Package sales', value: d ? <Money value={d.sales} unit="USDT" /> : '—' },
    { id: 'bonuses', label: 'Bonuses paid', value: d ? <Money value={d.bonusesPaid.total} unit="USDT" /> : '—' },
    { id: 'ratio', label: 'Payout ratio', value: d ? (d.payoutRatio === null ? 'No sales yet' : `${d.payoutRatio}%`) : '—' },
  ];

  return (
    <Grid container spacing={6}>
      {dashboard.isError && (
        <Grid size={12}>
          <Alert severity="error">{errorMessage(dashboard.error)}</Alert>
        </Grid>
      )}
      {stats.map((s) => (
        <Grid key={s.id} size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }}>
          <Card>
            <CardContent>
              <Typography variant="body2" color="text.secondary">{s.label}</Typography>
              <Typography variant="h5" component="p" data-testid={`admin-${s.id}`}>{s.value}</Typography>
              {'hint' in s && <Typography variant="caption" color="text.secondary">{s.hint}</Typography>}
            </CardContent>
          </Card>
        </Grid>
      ))}
      <Grid size={{ xs: 12, lg: 8 }}>
        <Card>
          <CardHeader title="Sales and bonuses, last 30 days" subheader={d ? `Referral ${formatMoney(d.bonusesPaid.referral)} · matching ${formatMoney(d.bonusesPaid.matching)} USDT in all` : undefined} />
          <CardContent>
            {d && (
              <BarChart
                label="Sales and bonuses by day"
                periods={d.series.map((s) => s.day)}
                series={[
                  { label: 'Sales', values: d.series.map((s) => s.sales), color: theme.palette.primary.main },
                  { label: 'Bonuses', values: d.series.map((s) => s.bonuses), color: theme.palette.warning.main },
                ]}
              />
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Card>
          <CardHeader title="Daily matching close" subheader={`Runs by itself at the configured time for the previous UTC day. Last closed: ${d?.lastClose ?? 'never'}.`} />
          <CardContent>
            <Stack spacing={4}>
              <TextField type="date" label="UTC day" size="small" value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              <Typography variant="body2" color="text.secondary">
                Closing today early includes every purchase made so far; later purchases go to the next day&apos;s close.
              </Typography>
              <Button variant="contained" disabled={!date || closeDay.isPending} onClick={() => setConfirming(true)}>
                Close day
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <ConfirmDialog open={confirming} title="Run the daily close" confirmLabel="Close the day" busy={closeDay.isPending} onConfirm={() => void runClose()} onClose={() => setConfirming(false)}>
        <ConfirmLine label="UTC day" strong>{date}</ConfirmLine>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          Every active member&apos;s matched volume is paid into their income wallet. A day closes once; running it again changes nothing.
        </Typography>
      </ConfirmDialog>
    </Grid>
  );
}

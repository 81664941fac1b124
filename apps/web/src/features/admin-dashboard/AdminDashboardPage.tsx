import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { errorMessage } from '../../shared/api/errors';
import { Money } from '../../shared/components/Money';
import { formatCount, formatMoney } from '../../shared/format';
import { useAdminDashboard } from '../packages/api';
import { BarChart } from '../bonuses/BarChart';
import { DailyCloseCard } from './DailyCloseCard';

/** /admindashboard: members, sales, bonuses paid and the payout ratio; the daily close. */
export function AdminDashboardPage() {
  const theme = useTheme();
  const dashboard = useAdminDashboard();
  const d = dashboard.data;

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
        <DailyCloseCard />
      </Grid>
    </Grid>
  );
}

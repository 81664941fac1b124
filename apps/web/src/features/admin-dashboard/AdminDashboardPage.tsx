import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { STUCK_PAYOUT_MINUTES } from '@portal/contract';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { ChartCard } from '../../shared/components/ChartCard';
import { Money } from '../../shared/components/Money';
import { formatCount, formatMoney } from '../../shared/format';
import { useAdminDashboard } from '../packages/api';
import { DailyCloseCard } from './DailyCloseCard';
import { useFirstSignInTwoFactorSetup } from '../account/admin-two-factor';

interface Stat {
  id: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** A hint that opens the page where the figure is worked on. */
const PageLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

/** What waits for an admin's decision: how many, how much is asked, and the page that decides it. */
function waiting(id: string, label: string, to: string, count: number | undefined, asked: string | undefined): Stat {
  return {
    id,
    label,
    value: count === undefined ? '—' : formatCount(count),
    hint: count !== undefined && <PageLink to={to}>{count === 0 ? 'None waiting' : `${asked} asked`}</PageLink>,
  };
}

/** A count of withdrawals that need an admin, linked to the approval page's "Needs attention" group. */
function needsAdmin(id: string, label: string, count: number | undefined, what: string): Stat {
  return {
    id,
    label,
    value: count === undefined ? '—' : formatCount(count),
    hint: count !== undefined && <PageLink to="/withdraw-approval">{count === 0 ? 'None' : what}</PageLink>,
  };
}

/**
 * /admindashboard: members, sales, bonuses paid and the payout ratio; money
 * in (deposits, what the ledger holds on chain), what waits for approval, and
 * the withdrawals that need an admin (failed, stuck or held payouts, second
 * approvals); the daily close. A hot
 * wallet that is low (below its low-water mark, or short of the payouts
 * being sent) is said above it all, with the page that funds it.
 */
export function AdminDashboardPage() {
  useFirstSignInTwoFactorSetup();
  const theme = useTheme();
  const dashboard = useAdminDashboard();
  const d = dashboard.data;

  const stats: Stat[] = [
    // Says what it counts: the Members list shows the root too, so it is one more.
    { id: 'members', label: 'Members', value: d ? formatCount(d.members) : '—', hint: 'Not counting the company root' },
    { id: 'active', label: 'Active members', value: d ? formatCount(d.activeMembers) : '—' },
    { id: 'sales', label: 'Package sales', value: d ? <Money value={d.sales} unit="USDT" /> : '—' },
    { id: 'bonuses', label: 'Bonuses paid', value: d ? <Money value={d.bonusesPaid.total} unit="USDT" /> : '—' },
    {
      id: 'ratio',
      label: 'Payout ratio',
      value: d ? (d.payoutRatio === null ? 'No sales yet' : `${d.payoutRatio}%`) : '—',
    },
  ];
  const money: Stat[] = [
    {
      id: 'deposits',
      label: 'Deposits credited',
      value: d ? <Money value={d.deposits.total} unit="USDT" /> : '—',
      hint: d && (
        <PageLink to="/deposit-history">
          {d.deposits.count === 0 ? 'No deposits yet' : `${formatCount(d.deposits.count)} deposits`}
        </PageLink>
      ),
    },
    {
      id: 'treasury',
      label: 'On chain, by the ledger',
      value: d ? <Money value={d.treasury} unit="USDT" /> : '—',
      hint: <PageLink to="/bep20-wallets">Checked against the chain on BEP20 Wallets</PageLink>,
    },
    waiting(
      'pending-withdrawals',
      'Withdrawals to approve',
      '/withdraw-approval',
      d?.pending.withdrawals.count,
      d && formatMoney(d.pending.withdrawals.amount, { unit: 'USDT' }),
    ),
    waiting(
      'pending-redemptions',
      'Redemptions to approve',
      '/redemption-approval',
      d?.pending.redemptions.count,
      d && formatMoney(d.pending.redemptions.points, { unit: 'points' }),
    ),
  ];

  // What needs an admin on /withdraw-approval, where its "Needs attention" group lists each with its actions.
  const attention: Stat[] = [
    {
      id: 'failed-payouts',
      label: 'Failed payouts',
      value: d ? formatCount(d.pending.failedPayouts.count) : '—',
      hint: d && (
        <PageLink to="/withdraw-approval">
          {d.pending.failedPayouts.count === 0
            ? 'None to retry or refund'
            : `${formatMoney(d.pending.failedPayouts.amount, { unit: 'USDT' })} to retry or refund`}
        </PageLink>
      ),
    },
    needsAdmin(
      'stuck-payouts',
      'Stuck payouts',
      d?.pending.stuckPayouts,
      `Not mined ${STUCK_PAYOUT_MINUTES} minutes after sending`,
    ),
    needsAdmin('held-payouts', 'Held by the daily payout cap', d?.pending.heldByCap, 'Queued until the cap has room'),
    needsAdmin(
      'second-approvals',
      'Waiting for a second admin',
      d?.pending.secondApprovals,
      'Approved once, above the threshold',
    ),
  ];

  return (
    <Grid container spacing={6}>
      {dashboard.isError && (
        <Grid size={12}>
          <Alert severity="error">{errorMessage(dashboard.error)}</Alert>
        </Grid>
      )}
      {d?.hotWallet.state === 'low' && (
        <Grid size={12}>
          <Alert
            severity="warning"
            action={<PageLink to="/bep20-wallets">BEP20 Wallets</PageLink>}
            data-testid="admin-hot-wallet-low"
          >
            {d.hotWallet.message}
          </Alert>
        </Grid>
      )}
      {stats.map((s) => (
        <StatCard key={s.id} stat={s} size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }} />
      ))}
      {money.map((s) => (
        <StatCard key={s.id} stat={s} size={{ xs: 12, sm: 6, lg: 3 }} />
      ))}
      {attention.map((s) => (
        <StatCard key={s.id} stat={s} size={{ xs: 12, sm: 6, lg: 3 }} />
      ))}
      <Grid size={{ xs: 12, lg: 8 }}>
        <ChartCard
          title="Sales and bonuses, last 30 days"
          subheader={
            d
              ? `Referral ${formatMoney(d.bonusesPaid.referral)} · matching ${formatMoney(d.bonusesPaid.matching)} USDT in all`
              : undefined
          }
          chart={
            d && {
              label: 'Sales and bonuses by day',
              periods: d.series.map((s) => s.day),
              series: [
                { label: 'Sales', values: d.series.map((s) => s.sales), color: theme.palette.primary.main },
                { label: 'Bonuses', values: d.series.map((s) => s.bonuses), color: theme.palette.warning.main },
              ],
            }
          }
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <DailyCloseCard />
      </Grid>
    </Grid>
  );
}

function StatCard({ stat, size }: { stat: Stat; size: Record<string, number> }) {
  return (
    <Grid size={size}>
      <Card sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {stat.label}
          </Typography>
          <Typography variant="h5" component="p" data-testid={`admin-${stat.id}`}>
            {stat.value}
          </Typography>
          {stat.hint && (
            <Typography variant="caption" color="text.secondary">
              {stat.hint}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

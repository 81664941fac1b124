import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LocalGasStationOutlined from '@mui/icons-material/LocalGasStationOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { AdminDashboard } from '@portal/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '../../shared/api/errors';
import { StatCard } from '../../shared/components/StatCard';
import type { StatusColor } from '../../shared/components/StatusChip';
import { formatCount, formatGas, formatMoney } from '../../shared/format';
import { plural } from '../../shared/words';
import { useAdminDashboard } from '../packages/api';
import { DailyCloseCard } from './DailyCloseCard';
import { SalesBonusesCard } from './SalesBonusesCard';
import { ToDecideCard } from './ToDecideCard';
import { useFirstSignInTwoFactorSetup } from '../account/admin-two-factor';
import { PageAlert } from '../../shared/components/PageAlert';
import { DashboardLaunchNotice } from '../settings/PendingChanges';
import { RestoreCheckNotice } from '../withdrawals/RestoreCheckNotice';

interface Stat {
  id: string;
  icon: ReactNode;
  color: StatusColor;
  label: string;
  /** The page behind the figure: the whole card links to it. */
  to: string;
  value: (d: AdminDashboard) => ReactNode;
  note: (d: AdminDashboard) => ReactNode;
}

const usdt = (value: string) => `${formatMoney(value)} USDT`;
const none = (count: number, some: string, zero = 'None waiting') => (count === 0 ? zero : some);

/** The chain's side of the treasury: the reconciliation BEP20 Wallets shows, or why it could not be read. */
function reconciliationNote(d: AdminDashboard): string {
  if (!d.chain) return 'No chain configured';
  const r = d.chain.reconciliation;
  if (!r) return d.chain.error ?? 'The chain did not answer';
  return r.balanced ? 'Balanced with the chain' : `Difference not explained: ${usdt(r.unexplained)}`;
}

function walletsValue(d: AdminDashboard): string {
  const hot = d.chain?.wallets.find((w) => w.role === 'hot');
  return hot ? usdt(hot.token) : d.chain ? 'No hot wallet' : 'No chain';
}

function walletsNote(d: AdminDashboard): string {
  const gas = d.chain?.wallets.find((w) => w.role === 'gas');
  const lag = d.chain?.watcherLag;
  return [
    gas ? `Gas ${formatGas(gas.bnb)}` : null,
    lag ? `watcher ${plural(lag.blocks, 'block')} (${formatCount(lag.seconds)} s) behind` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

const STATS: Stat[] = [
  {
    id: 'members',
    icon: <PeopleOutlined />,
    color: 'primary',
    label: 'Members',
    to: '/Members',
    value: (d) => formatCount(d.members),
    // Says what it counts: the Members list shows the root too, so it is one more.
    note: () => 'Not counting the company root',
  },
  {
    id: 'active',
    icon: <HowToRegOutlined />,
    color: 'success',
    label: 'Active members',
    to: '/Members',
    value: (d) => formatCount(d.activeMembers),
    note: () => 'Bought a package',
  },
  {
    id: 'sales',
    icon: <ShoppingCartOutlined />,
    color: 'info',
    label: 'Package sales',
    to: '/Transactions',
    value: (d) => usdt(d.sales),
    note: (d) => `${plural(d.purchases, 'purchase')} in all`,
  },
  {
    id: 'bonuses',
    icon: <PaymentsOutlined />,
    color: 'warning',
    label: 'Bonuses paid',
    to: '/admin-referral-bonus',
    value: (d) => usdt(d.bonusesPaid.total),
    note: (d) => `Referral ${formatMoney(d.bonusesPaid.referral)} · matching ${formatMoney(d.bonusesPaid.matching)}`,
  },
  {
    id: 'ratio',
    icon: <PercentOutlined />,
    color: 'secondary',
    label: 'Payout ratio',
    to: '/admin-matching-bonus',
    value: (d) => (d.payoutRatio === null ? 'No sales yet' : `${d.payoutRatio}%`),
    note: () => 'Bonuses paid / package sales, in all',
  },
  {
    id: 'deposits',
    icon: <SavingsOutlined />,
    color: 'success',
    label: 'Money in: deposits credited',
    to: '/deposit-history',
    value: (d) => usdt(d.deposits.total),
    note: (d) => none(d.deposits.count, plural(d.deposits.count, 'deposit'), 'No deposits yet'),
  },
  {
    id: 'withdrawals-paid',
    icon: <CallMadeOutlined />,
    color: 'warning',
    label: 'Money out: withdrawals paid',
    to: '/withdraw-approval-history',
    value: (d) => usdt(d.withdrawalsPaid.amount),
    note: (d) =>
      `${formatCount(d.withdrawalsPaid.count)} paid, of which ${formatMoney(d.withdrawalsPaid.fees)} USDT fees kept`,
  },
  {
    id: 'treasury',
    icon: <AccountBalanceOutlined />,
    color: 'primary',
    label: 'Treasury',
    to: '/bep20-wallets',
    value: (d) => usdt(d.treasury),
    note: reconciliationNote,
  },
  {
    id: 'hot-wallet',
    icon: <LocalGasStationOutlined />,
    color: 'info',
    label: 'Hot wallet, from the chain',
    to: '/bep20-wallets',
    value: walletsValue,
    note: walletsNote,
  },
];

/**
 * /admindashboard (docs/decisions/0042-daily-totals.md): first "To decide",
 * every decision waiting for an admin with its count, sum, age and a link to
 * those rows (ToDecideCard.tsx); then the network: members, sales,
 * bonuses paid and the payout ratio; money in and out; the treasury with the
 * reconciliation BEP20 Wallets computes, the hot and gas wallets and the
 * watcher's lag; sales and bonuses side by side
 * over 7, 30 or 90 days with the payout ratio as a line; the daily close.
 * Every figure has its icon and opens the page behind it. A hot wallet that
 * is low is said above it all, with the page that funds it; so is a
 * restore check that holds the payouts.
 */
export function AdminDashboardPage() {
  useFirstSignInTwoFactorSetup();
  const dashboard = useAdminDashboard();
  const d = dashboard.data;

  return (
    <Grid container spacing={6}>
      <DashboardLaunchNotice />
      {dashboard.isError && (
        <Grid size={12}>
          <Alert severity="error">{errorMessage(dashboard.error)}</Alert>
        </Grid>
      )}
      {(d?.hotWallet.state === 'low' || d?.hotWallet.state === 'high') && (
        <PageAlert to="/bep20-wallets" label="BEP20 Wallets" testId={`admin-hot-wallet-${d.hotWallet.state}`}>
          {d.hotWallet.message}
        </PageAlert>
      )}
      <RestoreCheckNotice />
      <Grid size={12}>
        <ToDecideCard items={d?.toDecide} />
      </Grid>
      <Grid size={12}>
        <Typography variant="h5" component="h2">
          The network
        </Typography>
      </Grid>
      {STATS.map((s) => (
        <StatCard
          key={s.id}
          icon={s.icon}
          color={s.color}
          label={s.label}
          to={s.to}
          value={d && <span data-testid={`admin-${s.id}`}>{s.value(d)}</span>}
          note={d ? <span data-testid={`admin-${s.id}-note`}>{s.note(d)}</span> : ' '}
        />
      ))}
      <Grid size={{ xs: 12, lg: 8 }}>
        <SalesBonusesCard series={d?.series} />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }} id="daily-close" sx={{ scrollMarginTop: 80 }}>
        <DailyCloseCard />
      </Grid>
    </Grid>
  );
}

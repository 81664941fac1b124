import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import type { WalletEntry } from '@portal/contract';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../app/routes';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { DataTable } from '../../shared/components/DataTable';
import { MENU_ICONS } from '../../shared/menu-icons';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { useSession } from '../../shared/session/useSession';
import { useMe } from '../account/useMe';
import { BalanceCards } from '../wallet/BalanceCards';
import { ENTRY_COLUMNS } from '../wallet/EntriesTable';
import { useMemberDashboard } from './api';
import { GreetingCard } from './GreetingCard';
import { IncomeCard } from './IncomeCard';
import { PendingCard } from './PendingCard';
import { PlanOverview } from './PlanOverview';
import { ReferralCard } from './ReferralCard';
import { RankCard } from '../ranks/RankProgressCard';

/**
 * The dashboard: a member's standing, wallets, income, teams, what is in
 * progress and the latest movements, from one request (`GET /api/dashboard`);
 * an admin's shortcuts. Every card opens the page behind it.
 */
export function DashboardPage() {
  const me = useMe();
  const { isAdmin } = useSession();
  const isMember = me.data?.isMember === true;
  const dashboard = useMemberDashboard(isMember);
  const data = dashboard.data;

  if (me.isError && isSessionEnded(me.error)) return null;
  const failed = dashboard.isError && !isSessionEnded(dashboard.error) ? dashboard.error : undefined;
  const beside = isMember || isAdmin;

  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12, md: beside ? 7 : 12, xl: beside ? 8 : 12 }}>
        {me.isPending ? (
          <Card>
            <CardContent>
              <Skeleton variant="text" width="50%" height={36} />
              <Skeleton variant="text" width="30%" />
              <Skeleton variant="rounded" height={96} sx={{ mt: 4 }} />
            </CardContent>
          </Card>
        ) : me.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void me.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(me.error, 'Your account could not be loaded.')}
          </Alert>
        ) : (
          <GreetingCard user={me.data} firstVisit={data?.firstVisit} plan={data?.plan} />
        )}
      </Grid>
      {isMember && (
        <Grid size={{ xs: 12, md: 5, xl: 4 }}>
          <ReferralCard link={data?.referralLink} directReferrals={data?.directReferrals} />
        </Grid>
      )}
      {isAdmin && !isMember && (
        <Grid size={{ xs: 12, md: 5, xl: 4 }}>
          <AdminCard />
        </Grid>
      )}
      {failed !== undefined && (
        <Grid size={12}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(failed, 'Your dashboard could not be loaded.')}
          </Alert>
        </Grid>
      )}
      {isMember && (
        <>
          <Grid size={12}>
            <BalanceCards wallets={data?.wallets} linkTo={(wallet) => `/wallet?wallet=${wallet}`} />
          </Grid>
          <Grid size={12}>
            <PlanOverview data={data} />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <IncomeCard days={data?.income} total={data?.incomeTotals.total} />
          </Grid>
          {/* Pending and rank share the column beside the chart, so Recent activity keeps the page's width (its columns in view at 1366 px). */}
          <Grid size={{ xs: 12, lg: 4 }}>
            <Stack spacing={6}>
              <PendingCard items={data?.pending} />
              <RankCard />
            </Stack>
          </Grid>
          <Grid size={12}>
            <RecentActivity entries={data?.recent} loading={dashboard.isPending} />
          </Grid>
          {isAdmin && (
            <Grid size={{ xs: 12, lg: 4 }}>
              <AdminCard />
            </Grid>
          )}
        </>
      )}
    </Grid>
  );
}

function RecentActivity({ entries, loading }: { entries: WalletEntry[] | undefined; loading: boolean }) {
  return (
    <Card>
      <CardHeader
        title="Recent activity"
        action={
          <Button component={Link} to="/wallet" size="small">
            View all
          </Button>
        }
      />
      <DataTable
        stackOnPhone
        label="Recent activity"
        columns={ENTRY_COLUMNS.filter((c) => c.id !== 'type')}
        rows={entries}
        total={entries?.length}
        rowKey={(e) => e.id}
        page={1}
        pageSize={5}
        onPage={() => {}}
        onPageSize={() => {}}
        loading={loading}
        empty="No movements yet: deposits, purchases and bonuses show here."
        hidePagination
      />
    </Card>
  );
}

const ADMIN_SHORTCUTS = [
  '/admindashboard',
  '/Users',
  '/Members',
  '/Transactions',
  '/withdraw-approval',
  '/redemption-approval',
];

function AdminCard() {
  const shortcuts = ADMIN_SHORTCUTS.map((path) => APP_ROUTES.find((r) => r.path === path)).filter(
    (r) => r !== undefined,
  );
  return (
    <Card data-testid="admin-card" sx={{ height: '100%' }}>
      <CardHeader
        avatar={
          <TonalAvatar variant="rounded">
            <AdminPanelSettingsOutlined />
          </TonalAvatar>
        }
        title="Administration"
        subheader="Manage accounts, members and approvals."
      />
      <CardContent>
        <List component="nav" disablePadding aria-label="Admin pages">
          {shortcuts.map((route) => {
            const Icon = route.menu && MENU_ICONS[route.menu.icon];
            return (
              <ListItemButton key={route.path} component={Link} to={route.path} sx={{ borderRadius: 1, px: 3 }}>
                {Icon && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                )}
                <ListItemText primary={route.title} />
                <ChevronRightOutlined fontSize="small" color="action" />
              </ListItemButton>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}

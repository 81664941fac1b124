import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import type { User } from '@portal/contract';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../app/routes';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { FactList, type Fact } from '../../shared/components/FactList';
import { MENU_ICONS } from '../../shared/menu-icons';
import { StatusChip } from '../../shared/components/StatusChip';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { formatDate, initialsOf } from '../../shared/format';
import { useSession } from '../../shared/session/useSession';
import { useMe } from '../account/useMe';
import { WalletOverview } from '../wallet/WalletOverview';
import { PlanOverview } from './PlanOverview';

/** The dashboard: who is signed in, from GET /api/me. No figure is shown that the API did not give. */
export function DashboardPage() {
  const me = useMe();
  const { isAdmin } = useSession();

  if (me.isError && isSessionEnded(me.error)) return null;

  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12, md: isAdmin ? 7 : 12, xl: isAdmin ? 8 : 12 }}>
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
          <WelcomeCard user={me.data} />
        )}
      </Grid>
      {isAdmin && (
        <Grid size={{ xs: 12, md: 5, xl: 4 }}>
          <AdminCard />
        </Grid>
      )}
      {me.data?.isMember && (
        <Grid size={12}>
          <PlanOverview />
        </Grid>
      )}
      {me.data?.isMember && (
        <Grid size={12}>
          <WalletOverview />
        </Grid>
      )}
    </Grid>
  );
}

function WelcomeCard({ user }: { user: User }) {
  const facts: Fact[] = [
    ['Username', `@${user.username}`],
    ['Email', user.email],
    ['Role', <StatusChip key="role" status={user.role} label={user.role === 'admin' ? 'Admin' : 'Member'} />],
    ['Member since', formatDate(user.createdAt)],
    ['Status', <StatusChip key="status" status={user.status} />],
  ];
  if (user.country) facts.push(['Country', user.country]);

  return (
    <Card data-testid="welcome-card" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 4, mb: 6 }}>
          <TonalAvatar variant="rounded" sx={{ width: 56, height: 56, fontSize: '1.25rem' }}>
            {initialsOf(user.fullName)}
          </TonalAvatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              Welcome back,
            </Typography>
            <Typography variant="h4" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {user.fullName}
            </Typography>
          </Box>
        </Box>
        <FactList facts={facts} />
        <Divider sx={{ my: 5 }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          <Button component={Link} to="/account-settings" variant="contained">
            Account settings
          </Button>
          <Button component={Link} to="/referral-link" variant="outlined">
            Referral link
          </Button>
        </Stack>
      </CardContent>
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
        <List disablePadding aria-label="Admin pages">
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

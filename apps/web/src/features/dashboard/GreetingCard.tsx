import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanStatus, User } from '@portal/contract';
import { Link } from 'react-router';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { formatMoney } from '../../shared/format';
import { initialsOf } from '../../shared/format';

/**
 * Who is signed in and where they stand, said once: "Welcome" on a first
 * visit, "Welcome back" after; the package and what being active means. An
 * admin without membership is told so and offered no member action.
 */
export function GreetingCard({
  user,
  firstVisit,
  plan,
}: {
  user: User;
  /** Undefined for an admin without membership (no member dashboard) or while loading. */
  firstVisit: boolean | undefined;
  plan: PlanStatus | undefined;
}) {
  return (
    <Card data-testid="welcome-card" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 4, mb: 4 }}>
          <TonalAvatar variant="rounded" sx={{ width: 56, height: 56, fontSize: '1.25rem' }}>
            {initialsOf(user.fullName)}
          </TonalAvatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {firstVisit ? 'Welcome,' : user.isMember ? 'Welcome back,' : 'Welcome,'}
            </Typography>
            <Typography variant="h4" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {user.fullName}
            </Typography>
          </Box>
        </Box>
        {user.isMember ? (
          <MemberStanding plan={plan} />
        ) : (
          <Typography color="text.secondary">
            You are signed in as an administrator. Your account has no network membership, so it has no wallets or team
            of its own: the admin pages are on the right and in the menu.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function MemberStanding({ plan }: { plan: PlanStatus | undefined }) {
  if (!plan) return <Skeleton variant="text" width="80%" />;
  return (
    <Stack spacing={4}>
      <Typography data-testid="package-standing">
        {plan.package && plan.active ? (
          <>
            Your package is <strong>{plan.package.name}</strong>. You are active: you earn referral bonuses on your
            team&apos;s purchases and a matching bonus of up to {formatMoney(plan.package.dailyCap)} USDT a day.
          </>
        ) : (
          <>
            You have no package yet. Buy one to become active: only active members earn referral and matching bonuses.
          </>
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <Button component={Link} to="/purchase-package" variant="contained">
          {plan.package ? 'Buy another package' : 'Buy a package'}
        </Button>
        <Button component={Link} to="/deposit" variant="outlined">
          Deposit USDT
        </Button>
      </Stack>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTwoFactor } from '../withdrawals/api';
import { ADMIN_TWO_FACTOR_SETUP } from './admin-two-factor';

/**
 * On the admin pages that approve money out or change settings: while the
 * `adminsRequireTwoFactor` setting is on and this admin has no two-factor,
 * the API refuses those actions (403 TWO_FACTOR_REQUIRED,
 * docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md); the
 * page says so up front, with the link to set it up.
 */
export function AdminTwoFactorNotice({ action }: { action: string }) {
  const status = useTwoFactor();
  if (!status.data?.required || status.data.enabled) return null;
  return (
    <Alert severity="warning" data-testid="admin-two-factor-notice" sx={{ mb: 4 }}>
      <AlertTitle>Two-factor sign-in needed</AlertTitle>
      Admins need two-factor sign-in to {action}. Until you turn it on, the portal refuses it.{' '}
      <Link component={RouterLink} to={ADMIN_TWO_FACTOR_SETUP} color="inherit" sx={{ fontWeight: 600 }}>
        Set up two-factor sign-in
      </Link>
    </Alert>
  );
}

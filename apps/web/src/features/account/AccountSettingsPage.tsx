import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { initialsOf, formatDate } from '../../shared/format';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { MailPreferencesCard } from './MailPreferencesCard';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { SessionsCard } from './SessionsCard';
import { useMe } from './useMe';
import { useSession } from '../../shared/session/useSession';
import { IdentityCard } from '../kyc/IdentityCard';
import { AddressesCard } from '../withdrawals/AddressesCard';
import { TwoFactorCard } from '../withdrawals/TwoFactorCard';

type TabId = 'profile' | 'security' | 'notifications' | 'identity';

const TABS: ReadonlyArray<{ value: TabId; label: string; icon: ReactElement; membersOnly?: boolean }> = [
  { value: 'profile', label: 'Profile', icon: <PersonOutlined fontSize="small" /> },
  { value: 'security', label: 'Security', icon: <LockOutlined fontSize="small" /> },
  { value: 'notifications', label: 'Notifications', icon: <NotificationsOutlined fontSize="small" /> },
  { value: 'identity', label: 'Identity', icon: <BadgeOutlined fontSize="small" />, membersOnly: true },
];
const tabOf = (value: string | null): TabId => TABS.find((tab) => tab.value === value)?.value ?? 'profile';

/**
 * Profile, password and security, the mails, and (for members) the identity check; the tab is kept in the URL
 * (`?tab=security`, `?tab=notifications`, `?tab=identity`).
 */
export function AccountSettingsPage() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  // Withdrawal addresses and identity checks belong to network members: an admin without membership has neither.
  const isMember = useSession().user?.isMember ?? true;
  const asked = tabOf(params.get('tab'));
  const tab = asked === 'identity' && !isMember ? 'profile' : asked;

  return (
    <Stack spacing={6}>
      <AccountTabs
        tab={tab}
        isMember={isMember}
        onChange={(value) => setParams(value === 'profile' ? {} : { tab: value }, { replace: true })}
      />

      <Card role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <CardContent>
          {tab === 'identity' ? (
            <IdentityCard />
          ) : tab === 'notifications' ? (
            <MailPreferencesCard />
          ) : tab === 'security' ? (
            <Stack spacing={8}>
              <SecurityTab />
              <SessionsCard />
              <TwoFactorCard />
              {isMember && <AddressesCard />}
            </Stack>
          ) : me.isPending ? (
            <Stack spacing={4} role="status" aria-busy="true" aria-label="Loading your profile">
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ) : me.isError ? (
            isSessionEnded(me.error) ? null : (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void me.refetch()}>
                    Try again
                  </Button>
                }
              >
                {errorMessage(me.error, 'Your profile could not be loaded.')}
              </Alert>
            )
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 4, mb: 6, flexWrap: 'wrap' }}>
                <TonalAvatar variant="rounded" sx={{ width: 64, height: 64, fontSize: '1.5rem' }}>
                  {initialsOf(me.data.fullName)}
                </TonalAvatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                    {me.data.fullName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    @{me.data.username} · member since {formatDate(me.data.createdAt)}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={2}>
                  <StatusChip status={me.data.role} label={me.data.role === 'admin' ? 'Admin' : 'Member'} />
                  <StatusChip status={me.data.status} />
                </Stack>
              </Box>
              <ProfileTab user={me.data} />
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** The sections' tabs; Identity only for a network member. */
function AccountTabs({ tab, isMember, onChange }: { tab: TabId; isMember: boolean; onChange: (tab: TabId) => void }) {
  return (
    <Tabs
      value={tab}
      onChange={(_event, value: TabId) => onChange(value)}
      aria-label="Account settings sections"
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {TABS.filter((t) => isMember || !t.membersOnly).map((t) => (
        <Tab
          key={t.value}
          value={t.value}
          label={t.label}
          icon={t.icon}
          iconPosition="start"
          id={`tab-${t.value}`}
          aria-controls={`tabpanel-${t.value}`}
        />
      ))}
    </Tabs>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SECURITY_EVENT_LABELS, type AccountSession, type AccountSessions, type SecurityEvent } from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { WholeTable } from '../../shared/components/WholeTable';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useEndSessions, useSessions } from './useMe';

const device = (s: AccountSession) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
    {s.device}
    {s.current ? <StatusChip status="current" color="success" label="This device" /> : null}
  </Box>
);

const COMMON: Column<AccountSession>[] = [
  { id: 'device', label: 'Device', minWidth: 160, render: device },
  { id: 'ip', label: 'Address', render: (s) => s.ip ?? '—' },
  { id: 'signedIn', label: 'Signed in', render: (s) => formatDateTime(s.signedInAt) },
];

const LOG_COLUMNS: Column<AccountSession>[] = [
  ...COMMON,
  {
    id: 'state',
    label: 'State',
    render: (s) => (s.endedAt ? `Ended ${formatDateTime(s.endedAt)}` : 'In force'),
  },
];

/** A change in words; a support view names its admin. */
const changeInWords = (c: SecurityEvent): string =>
  c.kind === 'viewed_by_support' && c.by
    ? `Support (admin ${c.by}) viewed your account, read-only`
    : SECURITY_EVENT_LABELS[c.kind];

const CHANGE_COLUMNS: Column<SecurityEvent>[] = [
  { id: 'change', label: 'Change', minWidth: 160, render: changeInWords },
  { id: 'at', label: 'When', render: (c) => formatDateTime(c.at) },
  { id: 'device', label: 'From', render: (c) => c.device ?? 'A password reset link' },
  { id: 'ip', label: 'Address', secondary: true, render: (c) => c.ip ?? '—' },
];

/** The security log: the last sign-ins, ended ones included, and the last security changes. */
function SecurityLog({
  data,
  loading,
  error,
}: {
  data: AccountSessions | undefined;
  loading: boolean;
  error: unknown;
}) {
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 6, mb: 3 }}>
        Recent sign-ins
      </Typography>
      <WholeTable
        label="Recent sign-ins"
        rows={data?.signIns}
        columns={LOG_COLUMNS}
        rowKey={(s) => s.id}
        stackOnPhone
        loading={loading}
        error={error}
        empty="No sign-ins yet."
      />
      <Typography variant="h6" component="h3" sx={{ mt: 6, mb: 3 }}>
        Security changes
      </Typography>
      <WholeTable
        label="Security changes"
        columns={CHANGE_COLUMNS}
        rows={data?.changes}
        rowKey={(c) => `${c.kind}-${c.at}`}
        stackOnPhone
        loading={loading}
        error={error}
        empty="No password, two-factor, address or session change yet."
      />
    </>
  );
}

/**
 * Where the account is signed in, with "Sign out" for one (a lost phone) and
 * for every other; then the security log.
 */
export function SessionsCard() {
  const toast = useToast();
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState(false);
  const error = sessions.isError && !isSessionEnded(sessions.error) ? sessions.error : undefined;
  const others = sessions.data?.inForce.filter((s) => !s.current).length ?? 0;

  const run = async (id: string | undefined, done: string) => {
    try {
      await end.mutateAsync(id);
      toast.success(done);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setConfirming(false);
    }
  };

  const inForceColumns: Column<AccountSession>[] = [
    ...COMMON,
    { id: 'lastActive', label: 'Last active', secondary: true, render: (s) => formatDateTime(s.lastActiveAt) },
    {
      id: 'actions',
      label: '',
      pinned: true,
      render: (s) =>
        s.current ? null : (
          <Button
            size="small"
            color="error"
            disabled={end.isPending}
            onClick={() => void run(s.id, `${s.device} was signed out.`)}
          >
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <Box component="section" aria-labelledby="sessions-heading">
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          flexWrap: 'wrap',
          gap: 3,
          mb: 4,
        }}
      >
        <Box>
          <Typography variant="h6" component="h2" id="sessions-heading" sx={{ mb: 1 }}>
            Where you are signed in
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A session you do not know, or a lost phone: sign it out, and change your password.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0 || end.isPending}
          onClick={() => setConfirming(true)}
        >
          Sign out everywhere else
        </Button>
      </Box>
      <WholeTable
        label="Sessions in force"
        rows={sessions.data?.inForce}
        columns={inForceColumns}
        rowKey={(s) => s.id}
        stackOnPhone
        loading={sessions.isPending}
        error={error}
        empty="No session in force."
      />
      <SecurityLog data={sessions.data} loading={sessions.isPending} error={error} />
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere else?"
        confirmLabel="Sign out everywhere else"
        color="error"
        busy={end.isPending}
        onConfirm={() => void run(undefined, 'Every other session was signed out.')}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          {others === 1 ? 'One other session' : `${others} other sessions`} will be signed out at once; this one stays
          signed in.
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}

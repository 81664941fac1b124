import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PendingChange } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/toast';
import { useDecideChange, useGoLive, usePendingChanges } from './api';
import { timeLeft } from './countdown';

/** Re-renders every 30 seconds, so a countdown moves. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The portal in set-up: every change applies at once until an admin declares
 * it live (cannot be undone). On the admin dashboard and the Settings page
 * (docs/decisions/0052-four-eyes-and-a-delay.md).
 */
export function LaunchNotice() {
  const toast = useToast();
  const changes = usePendingChanges();
  const goLive = useGoLive();
  const [asking, setAsking] = useState(false);
  const launch = changes.data?.launch;
  if (!launch || launch.state === 'live') return null;
  const confirm = async () => {
    try {
      await goLive.mutateAsync();
      toast.success('The portal is live. Loosening a money-out control now needs a second admin and a delay.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Alert
        severity={launch.membersJoined ? 'warning' : 'info'}
        action={
          <Button color="inherit" size="small" onClick={() => setAsking(true)}>
            Go live
          </Button>
        }
        aria-label="Portal in set-up"
      >
        {launch.membersJoined
          ? 'The portal is still in set-up although members have joined: any one admin can change any setting at once.'
          : 'The portal is in set-up: every change applies at once while you configure it.'}{' '}
        Declare it live once the settings are right.
      </Alert>
      <ConfirmDialog
        open={asking}
        title="Declare the portal live?"
        confirmLabel="Go live"
        busy={goLive.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        <Typography>
          From then on, a change that loosens a money-out control (a higher limit or threshold, a shorter address hold,
          two-factor off, a higher hot wallet target, a screening entry removed, automatic approval on) or makes an
          admin waits for a second admin to confirm it and for the delay set below. Tightening still applies at once.
        </Typography>
        <Typography sx={{ mt: 3, fontWeight: 600 }}>Going live cannot be undone.</Typography>
      </ConfirmDialog>
    </>
  );
}

/** The set-up notice as a row of the admin dashboard's grid, only while in set-up. */
export function DashboardLaunchNotice() {
  const launch = usePendingChanges().data?.launch;
  if (launch?.state !== 'setup') return null;
  return (
    <Grid size={12}>
      <LaunchNotice />
    </Grid>
  );
}

function ChangeRow({ change, now, myId }: { change: PendingChange; now: number; myId: number | undefined }) {
  const toast = useToast();
  const decide = useDecideChange();
  const act = async (verb: 'confirm' | 'cancel') => {
    try {
      await decide.mutateAsync({ id: change.id, verb });
      toast.success(verb === 'confirm' ? `Change #${change.id} confirmed.` : `Change #${change.id} cancelled.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const mine = change.proposedById === myId;
  const waiting = change.needsConfirmation && !change.confirmedBy;
  return (
    <Box component="li" sx={{ py: 3, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            #{change.id} {change.summary}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Proposed by {change.proposedBy} on {formatDateTime(change.proposedAt)}
            {change.confirmedBy ? `; confirmed by ${change.confirmedBy}` : ''}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={`Takes effect in ${timeLeft(change.dueAt, now)}`} />
            {waiting ? <Chip size="small" color="warning" label="Waits for another admin to confirm" /> : null}
            {!change.needsConfirmation ? <Chip size="small" label="No other admin: applies unconfirmed" /> : null}
          </Stack>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
          {waiting && !mine ? (
            <Button variant="contained" size="small" disabled={decide.isPending} onClick={() => void act('confirm')}>
              Confirm
            </Button>
          ) : null}
          <Button
            variant="outlined"
            color="error"
            size="small"
            disabled={decide.isPending}
            onClick={() => void act('cancel')}
          >
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** The pending changes on /admin/settings: who proposed each, a countdown, Confirm (another admin) and Cancel. */
export function PendingChangesCard() {
  const changes = usePendingChanges();
  const { user } = useSession();
  const now = useNow();
  if (!changes.data) return null;
  const pending = changes.data.changes.filter((change) => change.status === 'pending');
  if (changes.data.launch.state === 'setup' && pending.length === 0) return null;
  return (
    <Card>
      <CardHeader
        title="Pending changes"
        subheader={`A change that loosens a money-out control, or makes an admin, takes effect ${plural(changes.data.delayHours, 'hour')} after it is proposed, once another admin with two-factor confirms it.`}
      />
      <CardContent>
        {pending.length === 0 ? (
          <Typography color="text.secondary">No change is waiting.</Typography>
        ) : (
          <Box component="ul" aria-label="Pending changes" sx={{ m: 0, p: 0 }}>
            {pending.map((change) => (
              <ChangeRow key={change.id} change={change} now={now} myId={user?.id} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

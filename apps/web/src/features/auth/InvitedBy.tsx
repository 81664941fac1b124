import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { endpoints, type Side, type SponsorLookup } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { errorMessage } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { initialsOf } from '../../shared/format';

/** The sponsor field's value once typing pauses (the link's `ref` at once). */
function useSettled(value: string, delayMs = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Looks the sponsor up as the field settles. A plain effect, not TanStack
 * Query: guest pages run without the signed-in frame's QueryClient, which
 * stays out of their bundle (docs/decisions/0017).
 */
function useSponsorLookup(username: string): { data?: SponsorLookup; isError: boolean; error?: unknown } {
  const [state, setState] = useState<{ for: string; data?: SponsorLookup; error?: unknown }>({ for: '' });
  useEffect(() => {
    if (!username) return;
    const controller = new AbortController();
    api
      .call(endpoints.network.sponsorLookup, { query: { username }, signal: controller.signal })
      .then((data) => setState({ for: username, data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ for: username, error });
      });
    return () => controller.abort();
  }, [username]);
  // An answer for an earlier value of the field is not shown as this one's.
  const current = state.for === username;
  return {
    data: current ? state.data : undefined,
    isError: current && state.error !== undefined,
    error: current ? state.error : undefined,
  };
}

/**
 * Whose referral link brought the visitor: the
 * sponsor's name and username, and the leg of a left/right link, checked
 * as the sponsor field changes. An unknown or blocked sponsor is explained
 * here, before the form is sent.
 */
export function InvitedBy({ sponsor, side }: { sponsor: string; side?: Side }) {
  const username = useSettled(sponsor.trim());
  const lookup = useSponsorLookup(username);
  const leg = side && <StatusChip status={side} color="primary" label={`Leg: ${side === 'left' ? 'Left' : 'Right'}`} />;

  if (!username) {
    return side ? <LegOnly leg={leg} /> : null;
  }
  if (lookup.isError) {
    return (
      <Alert severity="warning">
        {errorMessage(lookup.error, 'Your sponsor could not be checked now. You can still create your account.')}
      </Alert>
    );
  }
  if (!lookup.data) return <Skeleton variant="rounded" height={72} />;
  const found = lookup.data.sponsor;
  if (!found) {
    return (
      <Alert severity="warning" data-testid="invited-by-unknown">
        <AlertTitle>No member is called “{username}”</AlertTitle>
        Check the link you were sent, or type your sponsor’s username in the Sponsor field below.
      </Alert>
    );
  }
  if (!found.acceptsMembers) {
    return (
      <Alert severity="warning" data-testid="invited-by-closed">
        <AlertTitle>
          {found.fullName} ({found.username}) cannot take new members
        </AlertTitle>
        Ask your sponsor for another link, or type another sponsor’s username below.
      </Alert>
    );
  }
  return (
    <Box
      data-testid="invited-by"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        p: 3,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        flexWrap: 'wrap',
      }}
    >
      <TonalAvatar>{initialsOf(found.fullName)}</TonalAvatar>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          You were invited by
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {found.fullName}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({found.username})
          </Typography>
        </Typography>
      </Box>
      {leg && <Box data-testid="register-leg">{leg}</Box>}
    </Box>
  );
}

function LegOnly({ leg }: { leg: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} data-testid="register-leg">
      <Typography variant="body2" color="text.secondary">
        Placement leg
      </Typography>
      {leg}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  isAdminNotificationKind,
  NOTIFICATION_KIND_LABELS,
  optionalMailKinds,
  securityChangeKinds,
  type MailPreferences,
  type OptionalMailKind,
} from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/toast';
import { useMailPreferences, useUpdateMailPreferences } from '../notifications/api';

export const SECURITY_ALWAYS_SENT =
  'Security mails are always sent: they tell you of a change to your account you may not have made.';

/**
 * Which notifications also come by mail (the same events as the bell), one mail each or one a day; each switch saves
 * at once. The security kinds are shown on and cannot be turned off. The admins' kinds (a withdrawal waiting, a payout
 * failed…) are told only to admins, so only an admin is offered their switches.
 */
export function MailPreferencesCard() {
  const toast = useToast();
  const { isAdmin } = useSession();
  const kinds = optionalMailKinds.filter((kind) => isAdmin || !isAdminNotificationKind(kind));
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();

  const save = async (next: MailPreferences, done: string) => {
    try {
      await update.mutateAsync(next);
      toast.success(done);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const toggle = (current: MailPreferences, kind: OptionalMailKind, on: boolean) =>
    void save(
      { ...current, off: on ? current.off.filter((k) => k !== kind) : [...current.off, kind] },
      on
        ? `Mails about “${NOTIFICATION_KIND_LABELS[kind]}” are on.`
        : `Mails about “${NOTIFICATION_KIND_LABELS[kind]}” are off.`,
    );

  return (
    <Box component="section" aria-labelledby="mail-preferences-heading">
      <Typography variant="h6" component="h2" id="mail-preferences-heading" sx={{ mb: 1 }}>
        Notifications by mail
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 5 }}>
        What the bell tells you can also come to your mail address. Each mail has a link to stop its kind.
      </Typography>
      {preferences.isPending ? (
        <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading your mail preferences">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : preferences.isError ? (
        isSessionEnded(preferences.error) ? null : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void preferences.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(preferences.error, 'Your mail preferences could not be loaded.')}
          </Alert>
        )
      ) : (
        <Stack spacing={5}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={preferences.data.digest}
                  disabled={update.isPending}
                  onChange={(event) =>
                    void save(
                      { ...preferences.data, digest: event.target.checked },
                      event.target.checked ? 'You will get one mail a day.' : 'You will get one mail each.',
                    )
                  }
                />
              }
              label="A daily digest instead of one mail each"
            />
            <FormHelperText>
              One mail a day lists the day’s notifications of the kinds below; security mails still come at once.
            </FormHelperText>
          </Box>
          <FormGroup aria-label="Kinds mailed">
            {kinds.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Switch
                    checked={!preferences.data.off.includes(kind)}
                    disabled={update.isPending}
                    onChange={(event) => toggle(preferences.data, kind, event.target.checked)}
                  />
                }
                label={NOTIFICATION_KIND_LABELS[kind]}
              />
            ))}
          </FormGroup>
          <Box>
            <FormGroup aria-label="Security kinds, always mailed">
              {securityChangeKinds.map((kind) => (
                <FormControlLabel
                  key={kind}
                  control={<Switch defaultChecked disabled />}
                  label={NOTIFICATION_KIND_LABELS[kind]}
                />
              ))}
            </FormGroup>
            <FormHelperText>{SECURITY_ALWAYS_SENT}</FormHelperText>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_KIND_LABELS } from '@portal/contract';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { useUnsubscribe } from './api';

const SETTINGS = '/account-settings?tab=notifications';

/**
 * A mail's unsubscribe link, `/mail-unsubscribe?token=…`, open without a sign-in: one button stops that kind of mail
 * (a button, not the visit: a mail scanner that opens links stops nothing).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useUnsubscribe();

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 8 } }}>
      <Card>
        <CardContent>
          <Stack spacing={5}>
            <Typography variant="h5" component="h1">
              Stop these mails
            </Typography>
            {!token ? (
              <Alert severity="error" role="alert">
                <AlertTitle>This link cannot be used</AlertTitle>
                This unsubscribe link is incomplete. Open it from the mail again, or choose your mails in Account
                settings.
              </Alert>
            ) : stop.isSuccess ? (
              <Alert severity="success" role="status">
                You will no longer get mails about “{NOTIFICATION_KIND_LABELS[stop.data.kind]}”. Security mails are
                always sent.
              </Alert>
            ) : (
              <Box
                component="form"
                aria-label="Stop these mails"
                onSubmit={(event) => {
                  event.preventDefault();
                  stop.mutate(token);
                }}
              >
                <Stack spacing={4}>
                  <Typography>
                    The mail you came from tells of one kind of notification. Stop mailing it to you? The bell in the
                    portal still shows it.
                  </Typography>
                  {stop.isError && (
                    <Alert severity="error" role="alert">
                      {errorMessage(stop.error)}
                    </Alert>
                  )}
                  <SubmitButton loading={stop.isPending}>Stop these mails</SubmitButton>
                </Stack>
              </Box>
            )}
            <Link component={RouterLink} to={SETTINGS}>
              Choose which mails you get in Account settings
            </Link>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

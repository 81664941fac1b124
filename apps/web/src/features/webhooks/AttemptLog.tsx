import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@portal/contract';
import { formatCount, formatDateTime } from '../../shared/format';

/** The last attempt's answer in a few words: its HTTP status, or the error when none came. */
export function lastAnswer(d: Pick<WebhookDelivery, 'lastStatus' | 'lastError' | 'attempts'>): string {
  if (d.attempts === 0) return 'Not sent yet';
  if (d.lastStatus !== null) return `HTTP ${d.lastStatus}`;
  return d.lastError ?? 'No answer';
}

/** Every attempt of a delivery, oldest first: when, the answer's status and the start of its body, or the error. */
export function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.log.length === 0) return <Typography color="text.secondary">No attempt yet.</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 5 }} aria-label={`Attempts of ${delivery.eventId}`}>
      {delivery.log.map((a, index) => (
        <Box component="li" key={`${a.at}-${index}`} sx={{ mb: 2 }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {formatDateTime(a.at)}
          </Typography>
          {` — ${a.status !== null ? `HTTP ${a.status}` : (a.error ?? 'no answer')}, ${formatCount(a.durationMs)} ms`}
          {a.body ? (
            <Box
              component="pre"
              sx={{
                m: 0,
                mt: 1,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontSize: 13,
                color: 'text.secondary',
              }}
            >
              {a.body}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

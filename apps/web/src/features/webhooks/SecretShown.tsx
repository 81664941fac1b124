import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyField } from '../../shared/components/CopyField';

/** A new endpoint's signing secret, shown this once with a copy button: the portal never shows it again. */
export function SecretShown({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-secret">
      <DialogTitle id="webhook-secret">Endpoint added: copy its secret now</DialogTitle>
      <DialogContent>
        <Stack spacing={4}>
          <Typography>
            Events are sent to <strong style={{ overflowWrap: 'anywhere' }}>{url}</strong>, each signed with this secret
            (headers webhook-id, webhook-timestamp, webhook-signature).
          </Typography>
          <CopyField label="Signing secret" value={secret} testId="webhook-secret" />
          <Alert severity="warning">
            This is the only time the secret is shown. Keep it in the receiving system; if it is lost, delete the
            endpoint and add it again.
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}

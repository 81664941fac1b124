import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { notificationKinds, WEBHOOK_KIND_LABELS, type NotificationKind, type WebhookEndpoint } from '@portal/contract';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { useToast } from '../../shared/toast';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { SecretShown } from './SecretShown';

/**
 * Adds an endpoint (its URL, the events sent, a description), then shows its
 * secret once; or, given `endpoint`, changes its events and description.
 * One request per submit; a refusal of the URL shows under it, anything else is the one toast.
 */
export function EndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const toast = useToast();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [url, setUrl] = useState(endpoint?.url ?? 'https://');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [kinds, setKinds] = useState<string[]>(endpoint?.kinds ?? ['deposit_credited']);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const toggle = (kind: NotificationKind) =>
    setKinds((now) => (now.includes(kind) ? now.filter((k) => k !== kind) : [...now, kind]));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kinds.length === 0 || busy) return;
    setUrlError(null);
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body: { kinds: kinds as NotificationKind[], description } });
        toast.success('The endpoint is changed.');
        onClose();
      } else {
        const made = await create.mutateAsync({ url: url.trim(), kinds: kinds as NotificationKind[], description });
        setSecret(made.secret);
      }
    } catch (error) {
      if (isApiError(error) && error.field === 'url') setUrlError(error.message);
      else toast.error(errorMessage(error));
    }
  };

  if (secret) return <SecretShown secret={secret} url={url.trim()} onClose={onClose} />;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="webhook-edit"
    >
      <DialogTitle id="webhook-edit">{endpoint ? 'Change the endpoint' : 'Add a webhook endpoint'}</DialogTitle>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Webhook endpoint">
        <DialogContent>
          <Stack spacing={5}>
            <TextField
              label="URL"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              disabled={!!endpoint}
              error={!!urlError}
              helperText={urlError ?? 'Where events are POSTed: https, to a public address.'}
              fullWidth
              required
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              helperText="Optional: what receives it (your accounting, a chat channel)."
              fullWidth
            />
            <FormControl error={kinds.length === 0} component="fieldset">
              <FormLabel component="legend">Events sent</FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {notificationKinds.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    control={<Checkbox checked={kinds.includes(kind)} onChange={() => toggle(kind)} size="small" />}
                    label={WEBHOOK_KIND_LABELS[kind]}
                  />
                ))}
              </FormGroup>
              {kinds.length === 0 && <FormHelperText>Choose at least one event.</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || kinds.length === 0}>
            {endpoint ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import { useChainStatus } from './api';

/** A warning on the admin deposit pages while the watcher cannot reach the chain or lags behind it. */
export function ChainStatusAlert() {
  const { data } = useChainStatus();
  if (!data || data.status === 'ok' || data.status === 'starting') return null;
  const text =
    data.status === 'off'
      ? 'The portal runs without a chain: deposits are not watched.'
      : data.status === 'lagging'
        ? `The deposit watcher is catching up: credited up to block ${data.scannedTo ?? '—'} of ${data.finalBlock ?? '—'} final.`
        : `The deposit watcher cannot reach the chain${data.lastError ? `: ${data.lastError}` : ''}. It retries by itself.`;
  return (
    <Alert severity="warning" sx={{ mx: 6, mb: 4 }} data-testid="chain-status">
      {text}
    </Alert>
  );
}

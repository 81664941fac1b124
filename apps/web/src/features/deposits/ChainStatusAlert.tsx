import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ChainStatus } from '@portal/contract';
import { formatDateTime } from '../../shared/format';
import { useChainStatus } from './api';

const STALL_TITLES = {
  behind: "The chain node is behind the portal's cursor",
  changed: 'The chain changed under the portal',
} as const;

/**
 * The deposit watcher's state in words: a warning while it cannot reach
 * the chain or lags behind it; an error while the node stands below the
 * blocks it has read or its chain changed under it (deposits/watch-guard.ts
 * on the API), saying what the operator should do; for a day after such a
 * stall resolved, a note that it happened.
 */
export function ChainStatusNotice({ chain, sx }: { chain: ChainStatus; sx?: SxProps<Theme> }) {
  const stall = chain.stall;
  if (stall && !stall.resolvedAt && chain.status === 'stalled') {
    return (
      <Alert severity="error" sx={sx} data-testid="chain-status">
        <AlertTitle>{STALL_TITLES[stall.reason]}</AlertTitle>
        {stall.message} (Since {formatDateTime(stall.since)}.)
      </Alert>
    );
  }
  if (chain.status === 'ok' || chain.status === 'starting') {
    if (!stall?.resolvedAt) return null;
    return (
      <Alert severity="info" sx={sx} data-testid="chain-status">
        <AlertTitle>
          {STALL_TITLES[stall.reason]} on {formatDateTime(stall.since)}; resolved on {formatDateTime(stall.resolvedAt)}
        </AlertTitle>
        {stall.message}
      </Alert>
    );
  }
  const text =
    chain.status === 'off'
      ? 'The portal runs without a chain: deposits are not watched.'
      : chain.status === 'lagging'
        ? `The deposit watcher is catching up: credited up to block ${chain.scannedTo ?? '—'} of ${chain.finalBlock ?? '—'} final.`
        : chain.status === 'stalled'
          ? 'The deposit watcher is waiting for the chain node.'
          : `The deposit watcher cannot reach the chain${chain.lastError ? `: ${chain.lastError}` : ''}. It retries by itself.`;
  return (
    <Alert severity="warning" sx={sx} data-testid="chain-status">
      {text}
    </Alert>
  );
}

/** The notice on the admin deposit pages, from /api/health. */
export function ChainStatusAlert() {
  const { data } = useChainStatus();
  if (!data) return null;
  return <ChainStatusNotice chain={data} sx={{ mx: 6, mb: 4 }} />;
}

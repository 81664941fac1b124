import type { Deposit } from '@portal/contract';
import { DEPOSIT_STATUS_LABELS } from '@portal/contract';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount } from '../../shared/format';
import { plural } from '../../shared/words';

const COLORS = {
  seen: 'info',
  credited: 'success',
  dropped: 'error',
  below_minimum: 'warning',
  held: 'warning',
  rejected: 'error',
} as const;

/** Seen (with its confirmations so far), credited, dropped, below the minimum, held for review or rejected. */
export function DepositStatus({ deposit }: { deposit: Deposit }) {
  const label =
    deposit.status === 'seen'
      ? `Seen · ${formatCount(Math.min(deposit.confirmations, deposit.confirmationsNeeded))}/${plural(deposit.confirmationsNeeded, 'confirmation')}`
      : DEPOSIT_STATUS_LABELS[deposit.status];
  return (
    <StatusChip status={deposit.status} color={COLORS[deposit.status]} label={label} data-status={deposit.status} />
  );
}

/** A transaction hash shortened, linked to the explorer when one is configured. */
export function TxLink({ hash, url }: { hash: string; url: string | null }) {
  const short = `${hash.slice(0, 10)}…${hash.slice(-6)}`;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" title={hash}>
      {short}
    </a>
  ) : (
    <span title={hash} style={{ fontFamily: 'monospace' }}>
      {short}
    </span>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useMyWithdrawals } from './api';
import { TxLink } from '../deposits/DepositStatus';
import { IN_PROGRESS_STATUSES, progressOf } from '@portal/contract';

const SHOWN = { pageSize: 20, sort: '-createdAt', status: IN_PROGRESS_STATUSES } as const;

/**
 * The member's withdrawals on their way (requested, approved and being
 * sent, failed and waiting for an admin, or sent within the day, with the
 * transaction), on /withdraw, so a request is followed where it was made;
 * one request for every status (progress.ts); nothing when there are none.
 */
export function WithdrawalsInProgress() {
  // Polled, so an approval, the payout going out and its transaction show without a reload.
  const list = useMyWithdrawals(SHOWN, { refetchInterval: 5_000 });
  const now = Date.now();
  const items = (list.data?.items ?? []).flatMap((w) => {
    const progress = progressOf(w, now);
    return progress ? [{ w, progress }] : [];
  });
  if (items.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 5 }} data-testid="withdrawals-in-progress">
      <AlertTitle>On their way</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {items.map(({ w, progress }) => (
          <li key={w.id} data-testid={`withdrawal-progress-${w.id}`}>
            {formatMoney(w.amount)} USDT requested {formatDateTime(w.createdAt)}: {progress.state}
            {progress.tx ? (
              <>
                {' '}
                (transaction <TxLink hash={progress.tx.hash} url={progress.tx.url} />)
              </>
            ) : null}
            .
          </li>
        ))}
      </ul>
      <Link to="/withdraw-history">Withdrawal history</Link>
    </Alert>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { Withdrawal } from '@portal/contract';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useMyWithdrawals } from './api';

/** Where a withdrawal not settled yet stands, in the member's words (the admin's side: WithdrawalLists.tsx). */
function stateOf(w: Withdrawal): string {
  switch (w.status) {
    case 'pending':
      return w.approvals.length > 0 ? 'approved once, waiting for a second admin' : "waiting for an admin's approval";
    case 'approved':
      return w.payout?.waiting ? `approved; ${w.payout.waiting}` : 'approved, being sent on chain';
    default:
      return 'the payout failed; an admin will send it again or refund it';
  }
}

const SHOWN = { pageSize: 5, sort: '-createdAt' } as const;

/**
 * The member's withdrawals still on their way (requested, approved and
 * being sent, or failed and waiting for an admin), on /withdraw, so a request
 * is followed where it was made; nothing when there are none.
 */
export function WithdrawalsInProgress() {
  const pending = useMyWithdrawals({ ...SHOWN, status: 'pending' });
  const approved = useMyWithdrawals({ ...SHOWN, status: 'approved' });
  const failed = useMyWithdrawals({ ...SHOWN, status: 'failed' });
  const items = [pending, approved, failed].flatMap((query) => query.data?.items ?? []).sort((a, b) => b.id - a.id);
  if (items.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 5 }} data-testid="withdrawals-in-progress">
      <AlertTitle>On their way</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {items.map((w) => (
          <li key={w.id}>
            {formatMoney(w.amount)} USDT requested {formatDateTime(w.createdAt)}: {stateOf(w)}.
          </li>
        ))}
      </ul>
      <Link to="/withdraw-history">Withdrawal history</Link>
    </Alert>
  );
}

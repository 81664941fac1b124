import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import type { Withdrawal } from '@portal/contract';
import type { Column } from '../../../shared/components/DataTable';
import { OwnMoneyNote, useIsOwn } from '../../../shared/components/OwnMoneyNote';
import type { Selection } from '../../../shared/hooks/useSelection';
import { usePayoutActions } from '../usePayoutActions';
import { ADMIN_DETAILS, baseColumns } from '../withdrawal-columns';

/**
 * The admin's columns: pending, a selection box first and the member's recent activity last; decided, the
 * failed payout's Retry and Refund last. An admin's own withdrawal says why it offers neither.
 */
export function useApprovalColumns(
  history: boolean,
  selection: Selection<Withdrawal>,
  onLook: (w: Withdrawal) => void,
): Column<Withdrawal>[] {
  const isOwn = useIsOwn();
  const payout = usePayoutActions();
  const select: Column<Withdrawal> = {
    id: 'select',
    label: '',
    render: (w) =>
      isOwn(w.member.id) ? (
        <OwnMoneyNote what="withdrawal" />
      ) : (
        <Checkbox
          checked={selection.has(w.id)}
          onChange={() => selection.toggle(w)}
          slotProps={{ input: { 'aria-label': `Select withdrawal ${w.id}` } }}
        />
      ),
  };
  const activity: Column<Withdrawal> = {
    id: 'activity',
    label: 'Activity',
    pinned: true,
    render: (w) => (
      <Button size="small" onClick={() => onLook(w)}>
        Recent
      </Button>
    ),
  };
  const payoutActions: Column<Withdrawal> = {
    id: 'actions',
    label: 'Payout',
    pinned: true,
    render: (w) =>
      w.status === 'failed' && isOwn(w.member.id) ? (
        <OwnMoneyNote what="withdrawal" />
      ) : w.status === 'failed' ? (
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={payout.busy} onClick={() => payout.retry(w)}>
            Retry
          </Button>
          <Button size="small" color="error" disabled={payout.busy} onClick={() => payout.refund(w)}>
            Refund
          </Button>
        </Stack>
      ) : null,
  };
  const shared = baseColumns(true).map((column) => ({
    ...column,
    secondary: ADMIN_DETAILS[history ? 'decided' : 'pending'].includes(column.id),
  }));
  return history ? [...shared, payoutActions] : [select, ...shared, activity];
}

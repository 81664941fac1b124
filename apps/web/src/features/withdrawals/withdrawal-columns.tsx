import Typography from '@mui/material/Typography';
import { withdrawalStatuses, type Withdrawal } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { StatusChip, statusLabel } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';
import { TxLink } from '../deposits/DepositStatus';

export const STATUS_CHOICES = withdrawalStatuses.map((s) => ({ value: s, label: statusLabel(s) }));

/** Who approved, under which rule: the first approval of two shown while the second is awaited. */
function ApprovalCell({ w }: { w: Withdrawal }) {
  const admins = w.approvals.map((a) => (a.automatic ? null : `@${a.by?.username}`));
  const said =
    w.status === 'pending'
      ? admins[0]
        ? `First approval by ${admins[0]}, waiting for a second admin`
        : ''
      : admins.length === 0
        ? ''
        : admins[0] === null
          ? 'Approved automatically'
          : `Approved by ${admins.join(' and ')}`;
  if (!said) return null;
  return (
    <>
      {said}
      {w.approvalPolicy && (
        <Typography variant="body2" color="text.secondary">
          {w.approvalPolicy.description}
        </Typography>
      )}
    </>
  );
}

export const mono = (text: string) => <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{text}</span>;

export function baseColumns(admin: boolean): Column<Withdrawal>[] {
  return [
    {
      id: 'date',
      label: 'Date',
      sortField: 'createdAt',
      minWidth: 160,
      render: (w) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.createdAt)}</span>,
    },
    ...(admin
      ? [
          {
            id: 'member',
            label: 'Member',
            minWidth: 150,
            render: (w: Withdrawal) => (
              <>
                {w.member.fullName}
                <Typography variant="body2" color="text.secondary">
                  @{w.member.username}
                </Typography>
              </>
            ),
          },
        ]
      : []),
    {
      id: 'amount',
      label: 'Amount',
      sortField: 'amount',
      align: 'right',
      render: (w) => <Money value={w.amount} unit="USDT" />,
    },
    { id: 'fee', label: 'Fee', align: 'right', render: (w) => <Money value={w.fee} unit="USDT" /> },
    { id: 'net', label: 'Arrives', align: 'right', render: (w) => <Money value={w.net} unit="USDT" /> },
    { id: 'address', label: 'Address', minWidth: 150, render: (w) => mono(w.address) },
    { id: 'status', label: 'Status', render: (w) => <StatusChip status={w.status} /> },
    {
      id: 'tx',
      label: 'Transaction',
      render: (w) => (w.txHash ? <TxLink hash={w.txHash} url={w.explorerUrl} /> : '—'),
    },
    ...(admin
      ? [{ id: 'approval', label: 'Approval', minWidth: 180, render: (w: Withdrawal) => <ApprovalCell w={w} /> }]
      : []),
    // The rejection or failure; for an approved payout held in the queue, why it waits (the daily payout cap).
    { id: 'reason', label: 'Reason', minWidth: 160, render: (w) => w.reason ?? w.payout?.waiting ?? '' },
  ];
}

/**
 * In the admin's lists, the columns in a row's details until chosen (DataTable `columnChooser`): what a pending
 * withdrawal's decision does not turn on, and in the decisions what was settled before them.
 */
export const ADMIN_DETAILS = {
  pending: ['fee', 'net', 'status', 'tx', 'reason'],
  decided: ['fee', 'address', 'tx', 'approval'],
};

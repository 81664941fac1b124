import type { Deposit } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { formatDateTime } from '../../shared/format';
import { DepositStatus, TxLink } from './DepositStatus';

export const MEMBER_DEPOSIT_COLUMNS: Column<Deposit>[] = [
  {
    id: 'date',
    label: 'Seen',
    minWidth: 170,
    render: (d) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.seenAt)}</span>,
  },
  { id: 'amount', label: 'Amount', align: 'right', render: (d) => <Money value={d.amount} unit="USDT" /> },
  { id: 'status', label: 'Status', render: (d) => <DepositStatus deposit={d} /> },
  {
    id: 'credited',
    label: 'Credited',
    secondary: true,
    minWidth: 170,
    render: (d) => (d.creditedAt ? formatDateTime(d.creditedAt) : '—'),
  },
  { id: 'tx', label: 'Transaction', render: (d) => <TxLink hash={d.txHash} url={d.explorerUrl} /> },
];

export const ADMIN_DEPOSIT_COLUMNS: Column<Deposit>[] = [
  MEMBER_DEPOSIT_COLUMNS[0]!,
  { id: 'member', label: 'Member', render: (d) => d.member.username },
  ...MEMBER_DEPOSIT_COLUMNS.slice(1, 4),
  { id: 'block', label: 'Block', secondary: true, align: 'right', render: (d) => d.blockNumber },
  MEMBER_DEPOSIT_COLUMNS[4]!,
];

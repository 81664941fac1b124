import type { WalletEntry } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { formatDateTime } from '../../shared/format';
import { entryKindLabel, unitLabel } from './labels';

const WALLET_NAMES: Record<string, string> = { deposit: 'Deposit', income: 'Income', points: 'Points' };

/** The columns of a wallet history (the wallet page and the dashboard). */
export const ENTRY_COLUMNS: Column<WalletEntry>[] = [
  {
    id: 'date',
    label: 'Date',
    sortField: 'createdAt',
    minWidth: 170,
    render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</span>,
  },
  { id: 'wallet', label: 'Wallet', render: (e) => WALLET_NAMES[e.wallet] ?? e.wallet },
  { id: 'description', label: 'Description', minWidth: 200, render: (e) => e.description },
  { id: 'type', label: 'Type', render: (e) => entryKindLabel(e.type, e.amount) },
  {
    id: 'amount',
    label: 'Amount',
    sortField: 'amount',
    align: 'right',
    render: (e) => <Money value={e.amount} unit={unitLabel(e.unit)} signed />,
  },
  {
    id: 'balance',
    label: 'Balance after',
    align: 'right',
    render: (e) => <Money value={e.balanceAfter} unit={unitLabel(e.unit)} />,
  },
];

import type { Transfer } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { PersonName } from '../../shared/components/PersonName';
import { formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { useTransfers } from './api';

const FILTERS = ['search', 'from', 'to'] as const;

/** /transfer-sender-history and /transfer-Receiver-history. */
export function TransferHistoryPage({ direction }: { direction: 'sent' | 'received' }) {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const transfers = useTransfers({ ...list.query, direction });
  const sent = direction === 'sent';
  const columns: Column<Transfer>[] = [
    {
      id: 'date',
      label: 'Date',
      sortField: 'createdAt',
      minWidth: 170,
      render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.createdAt)}</span>,
    },
    {
      id: 'party',
      label: sent ? 'To' : 'From',
      minWidth: 180,
      render: (t) => <PersonName person={sent ? t.to : t.from} />,
    },
    {
      id: 'amount',
      label: sent ? 'Amount sent' : 'Amount',
      sortField: 'amount',
      align: 'right',
      render: (t) => <Money value={t.amount} unit="USDT" />,
    },
    { id: 'fee', label: 'Fee', align: 'right', render: (t) => <Money value={t.fee} unit="USDT" /> },
    {
      id: 'received',
      label: sent ? 'They received' : 'You received',
      align: 'right',
      render: (t) => <Money value={t.received} unit="USDT" />,
    },
    { id: 'ref', label: 'Reference', render: (t) => `T-${t.id}` },
  ];
  return (
    <ListCard
      stackOnPhone
      title={sent ? 'Transfers you sent' : 'Transfers you received'}
      subheader={sent ? 'From your deposit wallet to other members.' : 'From other members into your deposit wallet.'}
      filters={
        <SearchField
          label={sent ? 'Receiver' : 'Sender'}
          placeholder="Username or name"
          {...filterProps(list, 'search')}
        />
      }
      dayRange
      label={sent ? 'Transfers sent' : 'Transfers received'}
      columns={columns}
      list={list}
      result={transfers}
      empty={sent ? 'You have not sent any transfer yet.' : 'You have not received any transfer yet.'}
    />
  );
}

import type { Conversion } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { Money } from '../../shared/components/Money';
import { formatDateTime } from '../../shared/format';
import { useListParams } from '../../shared/list-params';
import { useConversions } from './api';

const FILTERS = ['from', 'to'] as const;

const COLUMNS: Column<Conversion>[] = [
  {
    id: 'date',
    label: 'Date',
    sortField: 'createdAt',
    minWidth: 170,
    render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</span>,
  },
  {
    id: 'amount',
    label: 'USDT converted',
    sortField: 'amount',
    align: 'right',
    render: (c) => <Money value={c.amount} unit="USDT" />,
  },
  { id: 'rate', label: 'Rate', align: 'right', render: (c) => `${c.rate} / USDT` },
  { id: 'points', label: 'Points received', align: 'right', render: (c) => <Money value={c.points} unit="points" /> },
  { id: 'ref', label: 'Reference', render: (c) => `C-${c.id}` },
];

/** /convert-history */
export function ConversionHistoryPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const conversions = useConversions(list.query);
  return (
    <ListCard
      stackOnPhone
      title="Your point conversions"
      subheader="Income wallet USDT converted into points."
      dayRange
      label="Point conversions"
      columns={COLUMNS}
      list={list}
      result={conversions}
      empty="You have not converted anything yet."
    />
  );
}

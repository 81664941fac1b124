import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { formatBV, formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { usePurchases, type PurchaseListItem } from './api';

const FILTERS = ['kind', 'from', 'to'] as const;
const KIND_CHOICES = [
  { value: 'purchase', label: 'Purchase' },
  { value: 'repurchase', label: 'Repurchase' },
];

const COLUMNS: Column<PurchaseListItem>[] = [
  {
    id: 'date',
    label: 'Date',
    minWidth: 170,
    render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt)}</span>,
  },
  { id: 'kind', label: 'Kind', render: (p) => (p.kind === 'purchase' ? 'Purchase' : 'Repurchase') },
  { id: 'package', label: 'Package', render: (p) => p.package.name },
  { id: 'price', label: 'Price', align: 'right', render: (p) => <Money value={p.price} unit="USDT" /> },
  { id: 'bv', label: 'BV', align: 'right', render: (p) => formatBV(p.bv) },
  { id: 'ref', label: 'Reference', render: (p) => `P-${p.id}` },
];

/** /repurchase-history: every purchase and repurchase of the member. */
export function RepurchaseHistoryPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const purchases = usePurchases(list.query);
  return (
    <ListCard
      stackOnPhone
      title="Your purchases"
      subheader="Packages you bought; repurchases earn bonuses like the first purchase."
      filters={<SelectFilter label="Kind" choices={KIND_CHOICES} {...filterProps(list, 'kind')} />}
      dayRange
      label="Purchases"
      columns={COLUMNS}
      list={list}
      result={purchases}
      empty="You have not bought a package yet."
    />
  );
}

import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { isSessionEnded } from '../../shared/api/errors';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { FilterBar, SelectFilter, DayRangeFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { formatDateTime } from '../../shared/format';
import { useListParams } from '../../shared/list-params';
import { usePurchases, type PurchaseListItem } from './api';

const FILTERS = ['kind', 'from', 'to'] as const;

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
  { id: 'bv', label: 'BV', align: 'right', render: (p) => p.bv },
  { id: 'ref', label: 'Reference', render: (p) => `P-${p.id}` },
];

/** /repurchase-history: every purchase and repurchase of the member. */
export function RepurchaseHistoryPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const purchases = usePurchases(list.query);
  return (
    <Card>
      <CardHeader
        title="Your purchases"
        subheader="Packages you bought; repurchases earn bonuses like the first purchase."
      />
      <FilterBar>
        <SelectFilter
          label="Kind"
          value={list.filters.kind}
          onChange={(kind) => list.update({ kind })}
          choices={[
            { value: 'purchase', label: 'Purchase' },
            { value: 'repurchase', label: 'Repurchase' },
          ]}
        />
        <DayRangeFilter filters={list.filters} update={list.update} />
      </FilterBar>
      <DataTable
        label="Purchases"
        columns={COLUMNS}
        rows={purchases.data?.items}
        total={purchases.data?.total}
        rowKey={(p) => p.id}
        page={list.page}
        pageSize={list.pageSize}
        onPage={(page) => list.update({ page })}
        onPageSize={(pageSize) => list.update({ pageSize })}
        loading={purchases.isPending}
        fetching={purchases.isFetching}
        error={purchases.isError && !isSessionEnded(purchases.error) ? purchases.error : undefined}
        onRetry={() => void purchases.refetch()}
        empty="You have not bought a package yet."
      />
    </Card>
  );
}

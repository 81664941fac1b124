import { useMemo } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';
import { filterProps, useListParams, type ListQueryResult } from '../../shared/list-params';
import { SAMPLE_DATA_LABEL } from './labels';
import { SAMPLE_TRANSFERS, sampleList, type SampleTransfer } from './sample-list';
import { Section } from './Section';

const FILTERS = ['search', 'status'] as const;

const STATUS_CHOICES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
];

const COLUMNS: Column<SampleTransfer>[] = [
  { id: 'id', label: 'No.', sortField: 'id', render: (row) => row.id },
  { id: 'member', label: 'Member', sortField: 'member', render: (row) => row.member },
  { id: 'status', label: 'Status', render: (row) => <StatusChip status={row.status} /> },
  {
    id: 'amount',
    label: 'Amount',
    sortField: 'amount',
    align: 'right',
    render: (row) => <Money value={row.amount} unit="USDT" />,
  },
  {
    id: 'createdAt',
    label: 'Date (UTC)',
    sortField: 'createdAt',
    secondary: true,
    render: (row) => formatDateTime(row.createdAt, { timeZone: 'UTC' }),
  },
];

const NO_ROWS: SampleTransfer[] = [];

/**
 * /tables: the real `ListCard`, `DataTable` and `ListFilters` with the list's
 * state in the URL (`useListParams`), as every list page has them; only
 * the query is replaced, by `sampleList` over rows held in memory.
 */
export function TablesPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt', defaultPageSize: 10 });
  const { search, status } = list.filters;
  const data = useMemo(
    () => sampleList(SAMPLE_TRANSFERS, { search, status, sort: list.sort, page: list.page, pageSize: list.pageSize }),
    [search, status, list.sort, list.page, list.pageSize],
  );
  const result: ListQueryResult<SampleTransfer> = {
    data,
    isPending: false,
    isFetching: false,
    isError: false,
    error: null,
    refetch: () => undefined,
  };
  return (
    <>
      <Section
        title="A list with filters, sorting and paging"
        description="Sort by a column's header, filter by member or status, change the page: the state is in the address, as on every list page."
      >
        <ListCard
          title="Sample transfers"
          subheader={SAMPLE_DATA_LABEL}
          filters={
            <>
              <SearchField
                label="Member"
                placeholder="sample-alice"
                testId="sample-search"
                {...filterProps(list, 'search')}
              />
              <SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />
            </>
          }
          label="Sample transfers"
          columns={COLUMNS}
          list={list}
          result={result}
          empty="No sample transfer matches these filters."
        />
      </Section>
      <Section title="An empty list" description="What a list says when there is nothing to show.">
        <Card>
          <CardHeader title="Sample empty list" />
          <DataTable
            label="Sample empty list"
            columns={COLUMNS}
            rows={NO_ROWS}
            total={0}
            rowKey={(row) => row.id}
            page={1}
            pageSize={10}
            onPage={() => undefined}
            onPageSize={() => undefined}
            loading={false}
            hidePagination
            empty="Nothing here yet: this is how an empty list looks."
          />
        </Card>
      </Section>
    </>
  );
}

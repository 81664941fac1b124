import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import CardHeader from '@mui/material/CardHeader';
import { endpoints, depositStatuses, DEPOSIT_STATUS_LABELS } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { DataTable } from '../../shared/components/DataTable';
import { FilterBar, SearchField, SelectFilter, DayRangeFilter } from '../../shared/components/ListFilters';
import { tableState, useListParams } from '../../shared/list-params';
import { ChainStatusAlert } from './ChainStatusAlert';
import { useAdminDeposits, useMyDeposits } from './api';
import { ADMIN_DEPOSIT_COLUMNS, MEMBER_DEPOSIT_COLUMNS } from './columns';
import { RecoverDepositCard } from './RecoverDepositCard';

const STATUS_CHOICES = depositStatuses.map((value) => ({ value, label: DEPOSIT_STATUS_LABELS[value] }));

/** /deposit-history-member: the member's own deposits. */
export function MemberDepositHistoryPage() {
  const list = useListParams({ filters: ['status'] as const, defaultSort: '-id' });
  const { sort: _sort, ...query } = list.query;
  const deposits = useMyDeposits(query, true);
  return (
    <Card>
      <CardHeader
        title="Your deposits"
        subheader="USDT received on your BEP20 deposit address, with confirmations and transaction links."
      />
      <FilterBar>
        <SelectFilter
          label="Status"
          value={list.filters.status}
          onChange={(status) => list.update({ status })}
          choices={STATUS_CHOICES}
        />
      </FilterBar>
      <DataTable
        label="Your deposits"
        columns={MEMBER_DEPOSIT_COLUMNS}
        rowKey={(d) => d.id}
        {...tableState(list, deposits)}
        empty="No deposits yet."
      />
    </Card>
  );
}

const ADMIN_FILTERS = ['member', 'status', 'from', 'to'] as const;

/** /deposit-history: every deposit, and the recovery of one the watcher missed. */
export function AdminDepositHistoryPage() {
  return (
    <Stack spacing={6}>
      <AllDeposits />
      <RecoverDepositCard admin />
    </Stack>
  );
}

/** Every deposit, filtered on the server, with CSV. */
function AllDeposits() {
  const list = useListParams({ filters: ADMIN_FILTERS, defaultSort: '-id' });
  const { sort: _sort, ...query } = list.query;
  const deposits = useAdminDeposits(query);
  return (
    <Card>
      <CardHeader
        title="All deposits"
        subheader="Every BEP20 deposit the watcher has recorded: seen, credited, dropped by a reorganisation, or below the minimum."
        action={<CsvExportButton list={endpoints.deposits.adminList} name="deposits" query={query} />}
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <ChainStatusAlert />
      <FilterBar>
        <SearchField
          label="Member (username)"
          value={list.filters.member}
          onChange={(member) => list.update({ member })}
        />
        <SelectFilter
          label="Status"
          value={list.filters.status}
          onChange={(status) => list.update({ status })}
          choices={STATUS_CHOICES}
        />
        <DayRangeFilter filters={list.filters} update={list.update} />
      </FilterBar>
      <DataTable
        label="All deposits"
        columns={ADMIN_DEPOSIT_COLUMNS}
        rowKey={(d) => d.id}
        {...tableState(list, deposits)}
        empty="No deposits match these filters."
      />
    </Card>
  );
}

import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { DataTable } from '../../shared/components/DataTable';
import { DateFilter, FilterBar, SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { tableState, useListParams } from '../../shared/list-params';
import { ENTRY_TYPE_CHOICES, WALLET_CHOICES } from '../wallet/labels';
import { useTransactions } from './api';
import { TRANSACTION_COLUMNS } from './TransactionsTable';

const FILTERS = ['type', 'member', 'wallet', 'from', 'to'] as const;

/** /Transactions ("Transactions List"): every journal entry, filtered on the server, with CSV export. */
export function TransactionsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const transactions = useTransactions(list.query);
  const { filters, update } = list;

  return (
    <Card>
      <CardHeader
        title="Journal entries"
        subheader="Every movement of money, with the postings on each side. Amounts to the last decimal in the CSV."
        action={<CsvExportButton path="/admin/transactions" name="transactions" query={list.query} />}
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <FilterBar>
        <SearchField
          label="Member"
          placeholder="Exact username"
          value={filters.member}
          onChange={(member) => update({ member })}
        />
        <SelectFilter
          label="Type"
          value={filters.type}
          onChange={(type) => update({ type })}
          choices={ENTRY_TYPE_CHOICES}
          anyLabel="All types"
        />
        <SelectFilter
          label="Wallet"
          value={filters.wallet}
          onChange={(wallet) => update({ wallet })}
          choices={WALLET_CHOICES}
          anyLabel="All wallets"
        />
        <DateFilter label="From" value={filters.from} onChange={(from) => update({ from })} />
        <DateFilter label="To" value={filters.to} onChange={(to) => update({ to })} />
      </FilterBar>
      <DataTable
        label="Transactions"
        columns={TRANSACTION_COLUMNS}
        rowKey={(e) => e.id}
        {...tableState(list, transactions)}
        empty="No journal entries match these filters."
      />
    </Card>
  );
}

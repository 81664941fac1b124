import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { DataTable } from '../../shared/components/DataTable';
import { DateFilter, FilterBar, SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { csvName, downloadCsv } from '../../shared/download';
import { useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { ENTRY_TYPE_CHOICES, WALLET_CHOICES } from '../wallet/labels';
import { useTransactions } from './api';
import { TRANSACTION_COLUMNS } from './TransactionsTable';

const FILTERS = ['type', 'member', 'wallet', 'from', 'to'] as const;

/** /Transactions ("Transactions List"): every journal entry, filtered on the server, with CSV export. */
export function TransactionsPage() {
  const toast = useToast();
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const transactions = useTransactions(list.query);
  const [exporting, setExporting] = useState(false);
  const { filters, update } = list;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv('/admin/transactions', list.query, csvName('transactions'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Journal entries"
        subheader="Every movement of money, with the postings on each side. Amounts to the last decimal in the CSV."
        action={
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} disabled={exporting}>
            Export CSV
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <FilterBar>
        <SearchField label="Member" placeholder="Exact username" value={filters.member} onChange={(member) => update({ member })} />
        <SelectFilter label="Type" value={filters.type} onChange={(type) => update({ type })} choices={ENTRY_TYPE_CHOICES} anyLabel="All types" />
        <SelectFilter label="Wallet" value={filters.wallet} onChange={(wallet) => update({ wallet })} choices={WALLET_CHOICES} anyLabel="All wallets" />
        <DateFilter label="From" value={filters.from} onChange={(from) => update({ from })} />
        <DateFilter label="To" value={filters.to} onChange={(to) => update({ to })} />
      </FilterBar>
      <DataTable
        label="Transactions"
        columns={TRANSACTION_COLUMNS}
        rows={transactions.data?.items}
        total={transactions.data?.total}
        rowKey={(e) => e.id}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        onSort={(sort) => update({ sort })}
        onPage={(page) => update({ page })}
        onPageSize={(pageSize) => update({ pageSize })}
        loading={transactions.isPending}
        fetching={transactions.isFetching}
        error={transactions.isError && !isSessionEnded(transactions.error) ? transactions.error : undefined}
        onRetry={() => void transactions.refetch()}
        empty="No journal entries match these filters."
      />
    </Card>
  );
}

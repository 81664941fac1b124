import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { endpoints } from '@portal/contract';
import { DataTable } from '../../shared/components/DataTable';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { tableState, useListParams } from '../../shared/list-params';
import { EntryFilters } from '../wallet/EntryFilters';
import { useTransactions } from './api';
import { TRANSACTION_COLUMNS } from './TransactionsTable';

const FILTERS = ['type', 'member', 'wallet', 'from', 'to'] as const;

/** /Transactions ("Transactions List"): every journal entry, filtered on the server, with CSV export. */
export function TransactionsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const transactions = useTransactions(list.query);

  return (
    <Card>
      <CardHeader
        title="Journal entries"
        subheader="Every movement of money, with the postings on each side. Amounts to the last decimal in the CSV."
        action={<CsvExportButton list={endpoints.transactions.adminList} name="transactions" query={list.query} />}
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <EntryFilters list={list} fields={['member', 'type', 'wallet', 'from', 'to']} />
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

import { endpoints } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { ListCard } from '../../shared/components/ListCard';
import { useListParams } from '../../shared/list-params';
import { EntryFilters } from '../wallet/EntryFilters';
import { useTransactions } from './api';
import { TRANSACTION_COLUMNS } from './TransactionsTable';

const FILTERS = ['type', 'member', 'wallet', 'from', 'to'] as const;

/** /Transactions ("Transactions List"): every journal entry, filtered on the server, with CSV export. */
export function TransactionsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const transactions = useTransactions(list.query);

  return (
    <ListCard
      stackOnPhone
      title="Journal entries"
      subheader="Every movement of money, with the postings on each side. Amounts to the last decimal in the CSV."
      action={<CsvExportButton list={endpoints.transactions.adminList} name="transactions" query={list.query} />}
      filters={<EntryFilters list={list} fields={['member', 'type', 'wallet', 'from', 'to']} />}
      label="Transactions"
      columns={TRANSACTION_COLUMNS}
      columnChooser="transactions"
      list={list}
      result={transactions}
      empty="No journal entries match these filters."
    />
  );
}

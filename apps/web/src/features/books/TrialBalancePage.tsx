import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { endpoints } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { ListCard } from '../../shared/components/ListCard';
import { DayRangeFilter } from '../../shared/components/ListFilters';
import { REVERSED_PERIOD, usePeriod } from '../../shared/period';
import { useTrialBalance } from './api';
import { BooksChecks } from './BooksChecks';
import { TRIAL_BALANCE_COLUMNS, trialBalanceRows } from './trial-balance-rows';

/**
 * /admin/trial-balance: the books for a period (this month unless chosen), its
 * CSV, and the journal of the same days (the Transactions CSV) from the same
 * postings, with what the books are checked against.
 */
export function TrialBalancePage() {
  const { list, period, reversed } = usePeriod((today) => `${today.slice(0, 8)}01`);
  const balance = useTrialBalance(period, !reversed);
  const rows = balance.data ? trialBalanceRows(balance.data) : undefined;
  return (
    <Stack spacing={6}>
      <ListCard
        title="Trial balance"
        subheader="Every company account, and the members' wallets by kind: opening balance, debits, credits and closing balance over the days chosen (UTC)."
        action={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <CsvExportButton list={endpoints.books.trialBalance} name="trial-balance" query={period} />
            <CsvExportButton
              list={endpoints.transactions.adminList}
              name="journal"
              query={{ ...period, sort: 'id' }}
              label="Journal CSV"
            />
          </Stack>
        }
        filters={<DayRangeFilter filters={period} update={list.update} />}
        notice={
          reversed ? (
            <Alert severity="info" sx={{ mx: 5 }}>
              {REVERSED_PERIOD}
            </Alert>
          ) : null
        }
        label="Trial balance"
        columns={TRIAL_BALANCE_COLUMNS}
        rowKey={(row) => row.key}
        list={list}
        result={{ ...balance, data: rows ? { items: rows, total: rows.length } : undefined }}
        loading={balance.isPending && !reversed}
        page={1}
        pageSize={Math.max(rows?.length ?? 0, 1)}
        hidePagination
        stackOnPhone
        empty="No accounts in the books yet."
      />
      {balance.data && !reversed ? <BooksChecks balance={balance.data} /> : null}
    </Stack>
  );
}

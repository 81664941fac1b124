import type { TrialBalance } from '@portal/contract';
import { csvStream, type CsvColumn } from '../shared/csv';

type Row =
  | Omit<TrialBalance['lines'][number], 'kind' | 'wallet'>
  | (TrialBalance['totals'][number] & { code: string; account: string; accounts: number });

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'code', value: (r) => r.code },
  { header: 'account', value: (r) => r.account },
  { header: 'unit', value: (r) => r.unit },
  { header: 'accounts', value: (r) => r.accounts, raw: true },
  { header: 'opening_debit', value: (r) => r.openingDebit, raw: true },
  { header: 'opening_credit', value: (r) => r.openingCredit, raw: true },
  { header: 'debits', value: (r) => r.debits, raw: true },
  { header: 'credits', value: (r) => r.credits, raw: true },
  { header: 'closing_debit', value: (r) => r.closingDebit, raw: true },
  { header: 'closing_credit', value: (r) => r.closingCredit, raw: true },
];

/** The trial balance as a spreadsheet takes it: its lines, then a total line per unit. */
export function trialBalanceCsv(balance: TrialBalance) {
  const totals = balance.totals.map((total) => ({
    ...total,
    code: 'total',
    account: `Total (${total.unit})`,
    accounts: balance.lines.filter((line) => line.unit === total.unit).reduce((sum, line) => sum + line.accounts, 0),
  }));
  async function* rows(): AsyncIterable<Row> {
    yield* balance.lines;
    yield* totals;
  }
  return csvStream(COLUMNS, rows());
}

/** `trial-balance-2026-11-01-to-2026-11-30.csv` */
export const trialBalanceFilename = (balance: TrialBalance) => `trial-balance-${balance.from}-to-${balance.to}.csv`;

import type { JournalEntry, Posting, TransactionsQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { inBatches, type CsvColumn } from '../shared/csv';
import { csvFile, listPage, type ListAnswer } from '../shared/list-reply';
import { pageWindow } from '../shared/pagination';
import { countTransactions, latestEntryId, listTransactions, listTransactionsInFull, type TransactionsFilter } from './queries';

type CsvRow = { entry: JournalEntry; posting: Posting };

/** One line per posting: the books as an accountant reads them, to the last decimal. */
const CSV_COLUMNS: CsvColumn<CsvRow>[] = [
  { header: 'entry_id', value: (r) => r.entry.id, raw: true },
  { header: 'created_at', value: (r) => r.entry.createdAt },
  { header: 'type', value: (r) => r.entry.type },
  { header: 'memo', value: (r) => r.entry.memo },
  { header: 'actor', value: (r) => r.entry.actor?.username },
  { header: 'posting_id', value: (r) => r.posting.id, raw: true },
  { header: 'account', value: (r) => r.posting.account },
  { header: 'member', value: (r) => r.posting.member?.username },
  { header: 'wallet', value: (r) => r.posting.wallet },
  { header: 'system_account', value: (r) => r.posting.system },
  { header: 'unit', value: (r) => r.posting.unit },
  { header: 'amount', value: (r) => r.posting.amount, raw: true },
  { header: 'balance_after', value: (r) => r.posting.balanceAfter, raw: true },
];

/** Entries per batch of the export; a close's entry carries up to 5,000 postings, so batches stay small. */
const CSV_BATCH = 100;

async function* csvRows(db: Sql, query: TransactionsFilter): AsyncGenerator<CsvRow> {
  const fixed = { ...query, maxId: await latestEntryId(db) };
  const entries = inBatches((offset, limit) => listTransactionsInFull(db, fixed, { offset, limit }), CSV_BATCH);
  for await (const entry of entries) for (const posting of entry.postings) yield { entry, posting };
}

/**
 * The admin Transactions list: a page of entries with a few postings each,
 * or with `format=csv` the whole filtered list, one line per posting (every
 * posting, not the few a page shows).
 */
export async function transactionList(ctx: AppContext, query: TransactionsQuery): Promise<ListAnswer<JournalEntry>> {
  const { format, page, pageSize, ...filter } = query;
  if (format === 'csv') return csvFile('transactions', ctx.now(), CSV_COLUMNS, csvRows(ctx.db, filter));
  const [total, items] = await Promise.all([countTransactions(ctx.db, filter), listTransactions(ctx.db, filter, pageWindow({ page, pageSize }))]);
  return listPage(items, total, { page, pageSize });
}

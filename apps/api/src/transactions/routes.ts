import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, journalEntryPageSchema, transactionsQuerySchema, type JournalEntry, type Posting } from '@portal/contract';
import type { AppContext } from '../context';
import { csvFilename, csvStream, sendCsv, type CsvColumn } from '../shared/csv';
import { pageResult, pageWindow } from '../shared/pagination';
import { countTransactions, latestEntryId, listTransactions, type TransactionsFilter } from './queries';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

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

const BATCH = 500;

async function* csvRows(ctx: AppContext, query: TransactionsFilter): AsyncGenerator<CsvRow> {
  const fixed = { ...query, maxId: await latestEntryId(ctx.db) };
  for (let offset = 0; ; offset += BATCH) {
    const entries = await listTransactions(ctx.db, fixed, { offset, limit: BATCH });
    for (const entry of entries) for (const posting of entry.postings) yield { entry, posting };
    if (entries.length < BATCH) return;
  }
}

/** `/api/admin/transactions` */
export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/transactions', {
      schema: {
        tags: ['admin'],
        summary: 'Every journal entry with its postings (filters: type, member, wallet, dates; `format=csv`: one line per posting)',
        querystring: transactionsQuerySchema,
        response: { 200: journalEntryPageSchema, ...errors },
      },
    }, async (request, reply) => {
      const { format, page, pageSize, ...filter } = request.query;
      if (format === 'csv') return sendCsv(reply, csvFilename('transactions', ctx.now()), csvStream(CSV_COLUMNS, csvRows(ctx, filter)));
      const window = pageWindow({ page, pageSize });
      const [total, items] = await Promise.all([countTransactions(ctx.db, filter), listTransactions(ctx.db, filter, window)]);
      return pageResult(items, total, request.query);
    });
  };
}

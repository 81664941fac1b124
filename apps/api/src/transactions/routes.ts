import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, journalEntryPageSchema, transactionsQuerySchema } from '@portal/contract';
import type { AppContext } from '../context';
import { csvFilename, sendCsv } from '../shared/csv';
import { transactionsCsv, transactionsPage } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** `/api/admin/transactions` */
export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/transactions', {
      schema: {
        tags: ['admin'],
        summary:
          'Every journal entry with a few of its postings and their count (filters: type, member, wallet, dates; `format=csv`: one line per posting, all of them)',
        querystring: transactionsQuerySchema,
        response: { 200: journalEntryPageSchema, ...errors },
      },
    }, async (request, reply) => {
      const { format, page, pageSize, ...filter } = request.query;
      if (format === 'csv') return sendCsv(reply, csvFilename('transactions', ctx.now()), transactionsCsv(ctx.db, filter));
      return transactionsPage(ctx.db, { page, pageSize, ...filter });
    });
  };
}

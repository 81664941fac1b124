import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, journalEntryPageSchema, transactionsQuerySchema } from '@portal/contract';
import type { AppContext } from '../context';
import { sendList } from '../shared/list-reply';
import { transactionList } from './list';

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
    }, async (request, reply) => sendList(reply, await transactionList(ctx.db, request.query, ctx.now())));
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { sendCsv } from '../shared/csv';
import { readTrialBalance } from './read-trial-balance';
import { trialBalanceCsv, trialBalanceFilename } from './trial-balance-csv';

/** `/api/admin/books/…` */
export function bookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.books.trialBalance, {}, async (request, reply) => {
      const balance = await readTrialBalance(ctx, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, trialBalanceFilename(balance), trialBalanceCsv(balance));
      return balance;
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { sendList } from '../shared/list-reply';
import { transactionList } from './list';

/** `/api/admin/transactions` */
export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.transactions.adminList, {}, async (request, reply) =>
      sendList(reply, await transactionList(ctx.db, request.query, ctx.now())),
    );
  };
}

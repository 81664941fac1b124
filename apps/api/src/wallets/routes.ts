import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allEntriesQuerySchema, apiErrorSchema, walletEntriesQuerySchema, walletEntryPageSchema, walletSchema, walletsResponseSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { walletBalances } from '../ledger/queries';
import { sendList } from '../shared/list-reply';
import { walletHistory } from './queries';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** `/api/wallets`: the signed-in member's balances and history. */
export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/wallets', {
      schema: { tags: ['wallets'], summary: 'The three wallets with their balances', response: { 200: walletsResponseSchema, ...errors } },
    }, async (request) => ({ wallets: await walletBalances(ctx.db, principalOf(request).userId) }));

    app.get('/wallets/entries', {
      schema: {
        tags: ['wallets'],
        summary: 'History of all three wallets (or one with `wallet=`), newest first',
        querystring: allEntriesQuerySchema,
        response: { 200: walletEntryPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await walletHistory(ctx.db, principalOf(request).userId, request.query)));

    app.get('/wallets/:wallet/entries', {
      schema: {
        tags: ['wallets'],
        summary: "One wallet's history (`deposit`, `income` or `points`)",
        params: z.object({ wallet: walletSchema }),
        querystring: walletEntriesQuerySchema,
        response: { 200: walletEntryPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await walletHistory(ctx.db, principalOf(request).userId, { ...request.query, wallet: request.params.wallet })));
  };
}

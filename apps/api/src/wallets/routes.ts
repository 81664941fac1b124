import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { walletsAndOwed } from '../ledger/queries';
import { sendList } from '../shared/list-reply';
import { walletHistory } from './queries';

/** `/api/wallets`: the signed-in member's balances and history. */
export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.wallets.list, {}, async (request) => walletsAndOwed(ctx.db, principalOf(request).userId));

    route(app, endpoints.wallets.entries, {}, async (request, reply) =>
      sendList(reply, await walletHistory(ctx.db, principalOf(request).userId, request.query)),
    );

    route(app, endpoints.wallets.walletEntries, {}, async (request, reply) =>
      sendList(
        reply,
        await walletHistory(ctx.db, principalOf(request).userId, { ...request.query, wallet: request.params.wallet }),
      ),
    );
  };
}

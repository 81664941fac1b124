import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../http/guard';
import { route } from '../http/route';
import { sendList } from '../shared/list-reply';
import { memberTransfers } from './list';
import { createTransferService } from './service';
import { sendIdempotent } from '../ledger/idempotency';

/** `/api/transfers` */
export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const transfers = createTransferService(ctx);
  return async (app) => {
    route(app, endpoints.transfers.create, {
      // The session is checked by ledger_transfers itself (one round trip fewer).
      config: { sessionCheckedInStatement: true },
    }, async (request, reply) => {
      const principal = principalOf(request);
      const answer = await transfers.create(principal.userId, request.body, request.headers['idempotency-key'], principal.sessionUnchecked ? principal.sessionId : undefined);
      return sendIdempotent(reply, answer);
    });

    route(app, endpoints.transfers.list, {}, async (request, reply) => sendList(reply, await memberTransfers(ctx.db, principalOf(request).userId, request.query)));

    route(app, endpoints.transfers.terms, {}, async () => transfers.terms());

    route(app, endpoints.transfers.receiver, {}, async (request) => transfers.receiver(principalOf(request).userId, request.query.username));

    route(app, endpoints.transfers.quote, {}, async (request) => transfers.quote(principalOf(request).userId, request.query));
  };
}

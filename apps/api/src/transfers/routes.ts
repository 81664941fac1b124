import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../platform/http/guard';
import { route } from '../platform/http/route';
import { sendList } from '../shared/list-reply';
import { memberTransfers } from './list';
import { createTransfer } from './create-transfer';
import { findReceiver } from './find-receiver';
import { quoteTransfer } from './quote-transfer';
import { transferTerms } from './transfer-terms';
import { GROUPED_MONEY_ROUTE, memberMoneyInput } from '../platform/http/grouped-money-route';
import { sendIdempotent } from '../ledger/idempotency';

/** `/api/transfers` */
export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.transfers.create, GROUPED_MONEY_ROUTE, async (request, reply) =>
      sendIdempotent(reply, await createTransfer(ctx, memberMoneyInput(request))),
    );

    route(app, endpoints.transfers.list, {}, async (request, reply) =>
      sendList(reply, await memberTransfers(ctx.db, principalOf(request).userId, request.query)),
    );

    route(app, endpoints.transfers.terms, {}, async () => transferTerms(ctx));

    route(app, endpoints.transfers.receiver, {}, async (request) =>
      findReceiver(ctx, { senderId: principalOf(request).userId, username: request.query.username }),
    );

    route(app, endpoints.transfers.quote, {}, async (request) =>
      quoteTransfer(ctx, { senderId: principalOf(request).userId, body: request.query }),
    );
  };
}

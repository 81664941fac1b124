import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../http/guard';
import { route } from '../http/route';
import { sendList } from '../shared/list-reply';
import { memberTransfers } from './list';
import { createTransfer } from './create-transfer';
import { findReceiver } from './find-receiver';
import { quoteTransfer } from './quote-transfer';
import { transferTerms } from './transfer-terms';
import { sendIdempotent } from '../ledger/idempotency';

/** `/api/transfers` */
export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      endpoints.transfers.create,
      {
        // The session is checked by ledger_transfers itself (one round trip fewer).
        config: { sessionCheckedInStatement: true },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const answer = await createTransfer(ctx, {
          senderId: principal.userId,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          uncheckedSessionId: principal.sessionUnchecked ? principal.sessionId : undefined,
        });
        return sendIdempotent(reply, answer);
      },
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

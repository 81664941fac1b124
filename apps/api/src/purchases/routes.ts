import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { principalOf } from '../http/guard';
import { sendList } from '../shared/list-reply';
import { memberPurchases } from './list';
import { buyPackage } from './buy-package';
import { sendIdempotent } from '../ledger/idempotency';

/** `/api/purchases` */
export function purchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      endpoints.purchases.create,
      {
        // The session is checked by plan_purchases itself (one round trip fewer).
        config: { sessionCheckedInStatement: true },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const answer = await buyPackage(ctx, {
          memberId: principal.userId,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          uncheckedSessionId: principal.sessionUnchecked ? principal.sessionId : undefined,
        });
        return sendIdempotent(reply, answer);
      },
    );

    route(app, endpoints.purchases.list, {}, async (request, reply) =>
      sendList(reply, await memberPurchases(ctx.db, principalOf(request).userId, request.query)),
    );
  };
}

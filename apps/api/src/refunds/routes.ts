import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf, principalOf } from '../platform/http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { cancelPurchase } from './cancel-purchase';
import { refundPurchase } from './refund-purchase';

/** `/api/purchases/:id/cancel`: the buyer, within the window. */
export function refundRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.refunds.cancel, {}, async (request, reply) =>
      sendIdempotent(
        reply,
        await cancelPurchase(ctx, principalOf(request).userId, request.params.id, request.headers['idempotency-key']),
      ),
    );
  };
}

/** `/api/admin/purchases/:id/refund`: any purchase, with a reason. */
export function refundAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.refunds.refund, {}, async (request, reply) =>
      sendIdempotent(
        reply,
        await refundPurchase(
          ctx,
          actorOf(request),
          request.params.id,
          request.body.reason,
          request.headers['idempotency-key'],
        ),
      ),
    );
  };
}

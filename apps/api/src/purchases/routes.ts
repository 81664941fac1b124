import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idempotencyHeadersSchema, purchaseBodySchema, purchaseListQuerySchema, purchasePageSchema, purchaseSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { sendList } from '../shared/list-reply';
import { memberPurchases } from './list';
import { buyPackage } from './buy-package';
import { sendIdempotent } from '../ledger/idempotency';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/purchases` */
export function purchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/purchases', {
      // The session is checked by plan_purchases itself (one round trip fewer).
      config: { sessionCheckedInStatement: true },
      schema: {
        tags: ['packages'],
        summary: 'Buy a package from your deposit wallet; pays the referral bonuses (accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: purchaseBodySchema,
        response: { 201: purchaseSchema, ...errors },
      },
    }, async (request, reply) => {
      const principal = principalOf(request);
      const answer = await buyPackage(ctx, {
        memberId: principal.userId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        uncheckedSessionId: principal.sessionUnchecked ? principal.sessionId : undefined,
      });
      return sendIdempotent(reply, answer);
    });

    app.get('/purchases', {
      schema: {
        tags: ['packages'],
        summary: 'Your purchases, newest first; `kind=purchase` or `repurchase`',
        querystring: purchaseListQuerySchema,
        response: { 200: purchasePageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await memberPurchases(ctx.db, principalOf(request).userId, request.query)));
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf, actorOf } from '../platform/http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { approveRedemptions, rejectRedemptions } from './decide';
import { adminRedemptions, memberRedemptions } from './list';
import { quoteRedemption, redeem } from './redeem';

/** `/api/redemptions`: redeem a product with points; your history. */
export function redemptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.redemptions.create, {}, async (request, reply) =>
      sendIdempotent(
        reply,
        await redeem(ctx, principalOf(request).userId, request.body, request.headers['idempotency-key']),
      ),
    );

    route(app, endpoints.redemptions.list, {}, async (request, reply) =>
      sendList(reply, await memberRedemptions(ctx, principalOf(request).userId, request.query)),
    );

    route(app, endpoints.redemptions.quote, {}, async (request) =>
      quoteRedemption(ctx, principalOf(request).userId, request.query.productId, request.query.quantity),
    );
  };
}

/** `/api/admin/redemptions`: the approval list and its history; approve or reject one or many (audited). */
export function redemptionAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.redemptions.adminList, {}, async (request, reply) =>
      sendList(reply, await adminRedemptions(ctx, request.query)),
    );

    route(
      app,
      endpoints.redemptions.adminApprove,
      {},
      async (request) =>
        (await approveRedemptions(ctx, actorOf(request), { ids: [request.params.id], one: true })).items[0]!,
    );

    route(app, endpoints.redemptions.adminReject, {}, async (request, reply) => {
      const answer = await rejectRedemptions(
        ctx,
        actorOf(request),
        { ids: [request.params.id], one: true },
        request.body.reason,
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, { ...answer, body: answer.body.items[0]! });
    });

    route(app, endpoints.redemptions.adminApproveMany, {}, async (request) =>
      approveRedemptions(ctx, actorOf(request), { ids: request.body.ids }),
    );

    route(app, endpoints.redemptions.adminRejectMany, {}, async (request, reply) => {
      const answer = await rejectRedemptions(
        ctx,
        actorOf(request),
        { ids: request.body.ids },
        request.body.reason,
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, answer);
    });
  };
}

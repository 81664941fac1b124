import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  redemptionAdminListQuerySchema,
  redemptionBodySchema,
  redemptionBulkApproveSchema,
  redemptionBulkRejectSchema,
  redemptionDecisionSchema,
  idParamSchema,
  redemptionListQuerySchema,
  redemptionPageSchema,
  redemptionQuoteQuerySchema,
  redemptionQuoteSchema,
  redemptionRejectSchema,
  redemptionSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { actorOf } from '../audit/service';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { adminTwoFactorGate } from '../two-factor/service';
import { approveRedemptions, rejectRedemptions } from './decide';
import { adminRedemptions, memberRedemptions } from './list';
import { quoteRedemption, redeem } from './redeem';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/redemptions`: redeem a product with points; your history. */
export function redemptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/redemptions', {
      schema: {
        tags: ['redemptions'],
        summary: 'Redeem a product with points from the point wallet; points and stock are taken at once (accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: redemptionBodySchema,
        response: { 201: redemptionSchema, ...errors },
      },
    }, async (request, reply) => sendIdempotent(reply, await redeem(ctx, principalOf(request).userId, request.body, request.headers['idempotency-key'])));

    app.get('/redemptions', {
      schema: { tags: ['redemptions'], summary: 'Your redemptions (status, dates)', querystring: redemptionListQuerySchema, response: { 200: redemptionPageSchema, ...errors } },
    }, async (request, reply) => sendList(reply, await memberRedemptions(ctx, principalOf(request).userId, request.query)));

    app.get('/redemptions/quote', {
      schema: {
        tags: ['redemptions'],
        summary: 'Points before and after a redemption; refuses what the redemption would refuse',
        querystring: redemptionQuoteQuerySchema,
        response: { 200: redemptionQuoteSchema, ...errors },
      },
    }, async (request) => quoteRedemption(ctx, principalOf(request).userId, request.query.productId, request.query.quantity));
  };
}

/** `/api/admin/redemptions`: the approval list and its history; approve or reject one or many (audited). */
export function redemptionAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Approvals need an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const twoFactor = adminTwoFactorGate(ctx);
  return async (app) => {
    app.get('/redemptions', {
      schema: {
        tags: ['admin'],
        summary: 'Every redemption; `status=pending` for approval, `status=decided` for the history; `format=csv`',
        querystring: redemptionAdminListQuerySchema,
        response: { 200: redemptionPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await adminRedemptions(ctx, request.query)));

    app.post('/redemptions/:id/approve', {
      preHandler: twoFactor,
      schema: { tags: ['admin'], summary: 'Approve (shipped) one pending redemption (audited)', params: idParamSchema, response: { 200: redemptionSchema, ...errors } },
    }, async (request) => (await approveRedemptions(ctx, actorOf(request), [request.params.id]))[0]!);

    app.post('/redemptions/:id/reject', {
      schema: {
        tags: ['admin'],
        summary: 'Reject one pending redemption with a reason: points and stock are returned (audited; accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        params: idParamSchema,
        body: redemptionRejectSchema,
        response: { 200: redemptionSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await rejectRedemptions(ctx, actorOf(request), [request.params.id], request.body.reason, request.headers['idempotency-key']);
      return sendIdempotent(reply, { ...answer, body: answer.body.items[0]! });
    });

    app.post('/redemptions/approve', {
      preHandler: twoFactor,
      schema: {
        tags: ['admin'],
        summary: 'Approve many pending redemptions at once: all of them or none (audited)',
        body: redemptionBulkApproveSchema,
        response: { 200: redemptionDecisionSchema, ...errors },
      },
    }, async (request) => ({ items: await approveRedemptions(ctx, actorOf(request), request.body.ids) }));

    app.post('/redemptions/reject', {
      schema: {
        tags: ['admin'],
        summary: 'Reject many pending redemptions with one reason: all of them or none; points and stock returned (audited; accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: redemptionBulkRejectSchema,
        response: { 200: redemptionDecisionSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await rejectRedemptions(ctx, actorOf(request), request.body.ids, request.body.reason, request.headers['idempotency-key']);
      return sendIdempotent(reply, answer);
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentBodySchema,
  adjustmentSchema,
  adminMemberDetailSchema,
  adminMemberPageSchema,
  apiErrorSchema,
  idempotencyHeadersSchema,
  idParamSchema,
  membersQuerySchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { adjustMemberWallet, listMembers, memberDetail } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/admin/members` */
export function memberAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/members', {
      schema: {
        tags: ['admin'],
        summary: 'Network members with sponsor, balances and status (search, filters; `format=csv`)',
        querystring: membersQuerySchema,
        response: { 200: adminMemberPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await listMembers(ctx, request.query)));

    app.get('/members/:id', {
      schema: { tags: ['admin'], summary: 'One member with wallets', params: idParamSchema, response: { 200: adminMemberDetailSchema, ...errors } },
    }, async (request) => memberDetail(ctx, request.params.id));

    app.post('/members/:id/adjustments', {
      schema: {
        tags: ['admin'],
        summary: "Credit or debit a member's wallet with a reason (audited; accepts Idempotency-Key)",
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: adjustmentBodySchema,
        response: { 201: adjustmentSchema, ...errors },
      },
    }, async (request, reply) =>
      sendIdempotent(reply, await adjustMemberWallet(ctx, actorOf(request), request.params.id, request.body, request.headers['idempotency-key'])));
  };
}

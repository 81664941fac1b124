import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBonusListQuerySchema,
  apiErrorSchema,
  bonusListQuerySchema,
  bonusPageSchema,
  incomeSummaryQuerySchema,
  incomeSummarySchema,
  planStatusSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { sendList } from '../shared/list-reply';
import { incomeSummary } from './income';
import { bonusList, bonusPage } from './list';
import { planStatus } from './status';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** `/api/bonuses`, `/api/income/summary`, `/api/plan/status`: a member's own figures. */
export function bonusRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/bonuses', {
      schema: {
        tags: ['bonuses'],
        summary: 'Your referral (`type=referral`) or matching (`type=matching`) bonuses, with how each came about',
        querystring: bonusListQuerySchema,
        response: { 200: bonusPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await bonusPage(ctx.db, request.query, principalOf(request).userId)));

    app.get('/income/summary', {
      schema: {
        tags: ['bonuses'],
        summary: 'Your bonus income by type, per day or month',
        querystring: incomeSummaryQuerySchema,
        response: { 200: incomeSummarySchema, ...errors },
      },
    }, async (request) => incomeSummary(ctx.db, request.query, principalOf(request).userId));

    app.get('/plan/status', {
      schema: { tags: ['bonuses'], summary: 'Your package, active flag and leg volumes', response: { 200: planStatusSchema, ...errors } },
    }, async (request) => planStatus(ctx.db, principalOf(request).userId));
  };
}

/** `/api/admin/bonuses`: everyone's bonuses, filter by member and dates, CSV. */
export function bonusAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/bonuses', {
      schema: {
        tags: ['admin'],
        summary: 'Every referral or matching bonus; `member` (username), dates; `format=csv` for the whole list',
        querystring: adminBonusListQuerySchema,
        response: { 200: bonusPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await bonusList(ctx.db, request.query, ctx.now())));
  };
}

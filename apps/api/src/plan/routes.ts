import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema, apiErrorSchema, closeBodySchema, closeListSchema, closeResultSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { adminDashboard } from '../dashboard/service';
import { closeDay, listCloses } from './close';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema };

/** `/api/admin/plan/...` and `/api/admin/dashboard` */
export function planAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/plan/close', {
      schema: {
        tags: ['admin'],
        summary: 'Run the daily matching close for a UTC day (idempotent: a closed day answers its first result)',
        body: closeBodySchema,
        response: { 200: closeResultSchema, 201: closeResultSchema, ...errors },
      },
    }, async (request, reply) => {
      const result = await closeDay(ctx, request.body.date, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(result);
    });

    app.get('/plan/closes', {
      schema: { tags: ['admin'], summary: 'The latest daily closes', response: { 200: closeListSchema, ...errors } },
    }, async () => ({ items: await listCloses(ctx.db) }));

    app.get('/dashboard', {
      schema: { tags: ['admin'], summary: 'Members, package sales, bonuses paid, payout ratio, last 30 days', response: { 200: adminDashboardSchema, ...errors } },
    }, async () => adminDashboard(ctx.db, ctx.now()));
  };
}

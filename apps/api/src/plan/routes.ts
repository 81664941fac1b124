import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { actorOf } from '../http/guard';
import { adminDashboard } from '../dashboard/service';
import { closeDay, listCloses } from './close';

/** `/api/admin/plan/...` and `/api/admin/dashboard` */
export function planAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.plan.adminClose, {}, async (request, reply) => {
      const result = await closeDay(ctx, request.body.date, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(result);
    });

    route(app, endpoints.plan.adminCloses, {}, async () => ({ items: await listCloses(ctx.db) }));

    route(app, endpoints.plan.adminDashboard, {}, async () => adminDashboard(ctx));
  };
}

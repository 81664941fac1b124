import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { sharedAnswer } from '../platform/http/shared-answer';
import { actorOf } from '../platform/http/guard';
import { readAdminDashboard } from '../dashboard/read-admin-dashboard';
import { closeDay, listCloses } from './close';
import { payClose } from './pay';
import { closeReview } from './review';

/** `/api/admin/plan/...` and `/api/admin/dashboard` */
export function planAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.plan.adminClose, {}, async (request, reply) => {
      const result = await closeDay(ctx, request.body.date, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(result);
    });

    route(app, endpoints.plan.adminCloses, {}, async () => ({ items: await listCloses(ctx.db) }));

    route(app, endpoints.plan.adminCloseReview, {}, async (request) => closeReview(ctx.db, request.params.date));

    // Paying a close moves money like approving withdrawals: an admin with two-factor (docs/decisions/0040-close-review.md).
    route(app, endpoints.plan.adminClosePay, {}, async (request, reply) => {
      const result = await payClose(ctx, request.params.date, actorOf(request));
      return reply.code(result.created ? 201 : 200).send(result);
    });

    // Every admin sees the same figures: one read and one JSON text for the views that arrive together.
    const dashboardAnswer = sharedAnswer(endpoints.plan.adminDashboard);
    route(app, endpoints.plan.adminDashboard, {}, async (_request, reply) =>
      dashboardAnswer(reply, await readAdminDashboard(ctx)),
    );
  };
}

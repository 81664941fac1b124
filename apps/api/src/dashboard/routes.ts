import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../platform/http/guard';
import { route } from '../platform/http/route';
import { memberDashboard } from './member';
import { requestOrigin } from '../network/referral-link';

/** `/api/dashboard`: the signed-in member's dashboard. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The dashboard's statement checks the session itself (one round trip fewer, platform/http/guard.ts).
    route(app, endpoints.dashboard.member, { config: { sessionCheckedInStatement: true } }, async (request) =>
      memberDashboard(ctx, principalOf(request), requestOrigin(request)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { actorOf, adminTwoFactorGate } from '../http/guard';
import { currentSettings, updateSettings } from './service';

/** `/api/admin/settings` */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.settings.adminGet, {}, async () => currentSettings(ctx));

    // Changing settings needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
    route(
      app,
      endpoints.settings.adminUpdate,
      {
        preHandler: adminTwoFactorGate(ctx),
      },
      async (request) => updateSettings(ctx, actorOf(request), request.body),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { applyDueChanges } from '../pending-changes';
import { readCurrentSettings } from './read-current-settings';
import { updateSettings } from './update-settings';

/** `/api/admin/settings` */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A read that finds a pending change due applies it first (as the job does), so what it shows is in force.
    route(app, endpoints.settings.adminGet, {}, async () => {
      await applyDueChanges(ctx);
      return readCurrentSettings(ctx);
    });

    // A loosening held for a second admin answers 202 (docs/decisions/0052-four-eyes-and-a-delay.md).
    route(app, endpoints.settings.adminUpdate, {}, async (request, reply) => {
      const update = await updateSettings(ctx, actorOf(request), request.body);
      return reply.code(update.held ? 202 : 200).send(update.settings);
    });
  };
}

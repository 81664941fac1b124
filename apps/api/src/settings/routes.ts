import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { actorOf } from '../http/guard';
import { currentSettings, updateSettings } from './service';

/** `/api/admin/settings` */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.settings.adminGet, {}, async () => currentSettings(ctx));

    route(app, endpoints.settings.adminUpdate, {}, async (request) =>
      updateSettings(ctx, actorOf(request), request.body),
    );
  };
}

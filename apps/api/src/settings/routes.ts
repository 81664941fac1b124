import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, settingsPatchSchema, settingsSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { adminTwoFactorGate } from '../two-factor/service';
import { currentSettings, updateSettings } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** `/api/admin/settings` */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/settings', {
      schema: { tags: ['admin'], summary: 'The plan and operations settings in force', response: { 200: settingsSchema, ...errors } },
    }, async () => currentSettings(ctx));

    // Changing settings needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
    app.patch('/settings', {
      preHandler: adminTwoFactorGate(ctx),
      schema: {
        tags: ['admin'],
        summary: 'Change settings (audited; applies to later events only)',
        body: settingsPatchSchema,
        response: { 200: settingsSchema, ...errors },
      },
    }, async (request) => updateSettings(ctx, actorOf(request), request.body));
  };
}

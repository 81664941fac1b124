import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { principalOf } from '../http/guard';
import { createMeService } from './service';

export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const me = createMeService(ctx);
  return async (app) => {
    route(app, endpoints.me.profile, {}, async (request) => me.profile(principalOf(request).userId));

    route(app, endpoints.me.updateProfile, {}, async (request) => me.updateProfile(principalOf(request).userId, request.body));

    route(app, endpoints.me.changePassword, {}, async (request, reply) => {
      const { userId, sessionId } = principalOf(request);
      await me.changePassword(userId, sessionId, request.body.currentPassword, request.body.newPassword, request.ip);
      return reply.code(204).send(null);
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { principalOf } from '../http/guard';
import { changePassword, myProfile, updateProfile } from './service';

export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.me.profile, {}, async (request) => myProfile(ctx, principalOf(request).userId));

    route(app, endpoints.me.updateProfile, {}, async (request) =>
      updateProfile(ctx, principalOf(request).userId, request.body),
    );

    route(app, endpoints.me.changePassword, {}, async (request, reply) => {
      const { userId, sessionId } = principalOf(request);
      await changePassword(ctx, userId, sessionId, request.body.currentPassword, request.body.newPassword, request.ip);
      return reply.code(204).send(null);
    });
  };
}

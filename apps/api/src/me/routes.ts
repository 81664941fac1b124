import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { changePassword } from './change-password';
import { endOtherSessions, endSession } from './end-sessions';
import { endSupportView } from './end-support-view';
import { listSessions } from './list-sessions';
import { readProfile } from './read-profile';
import { updateProfile } from './update-profile';

export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.me.profile, {}, async (request) => readProfile(ctx, principalOf(request).userId));

    route(app, endpoints.me.updateProfile, {}, async (request) =>
      updateProfile(ctx, principalOf(request).userId, request.body),
    );

    route(app, endpoints.me.changePassword, {}, async (request, reply) => {
      const { userId, sessionId } = principalOf(request);
      await changePassword(ctx, userId, sessionId, request.body.currentPassword, request.body.newPassword, request.ip);
      return reply.code(204).send(null);
    });

    route(app, endpoints.me.sessions, {}, async (request) => {
      const { userId, sessionId } = principalOf(request);
      return listSessions(ctx, userId, sessionId);
    });

    route(app, endpoints.me.endSession, {}, async (request, reply) => {
      const { userId, sessionId } = principalOf(request);
      await endSession(ctx, userId, request.params.id, sessionId);
      return reply.code(204).send(null);
    });

    route(app, endpoints.me.endOtherSessions, {}, async (request) => {
      const { userId, sessionId } = principalOf(request);
      return endOtherSessions(ctx, userId, sessionId);
    });

    // The one write of a read-only support view (platform/http/guard.ts lets it through).
    route(app, endpoints.me.endSupportView, { config: { endsSupportView: true } }, async (request, reply) => {
      await endSupportView(ctx, principalOf(request), request.ip ?? null);
      return reply.code(204).send(null);
    });
  };
}

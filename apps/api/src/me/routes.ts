import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, changePasswordBodySchema, updateProfileBodySchema, userSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { changePassword, myProfile, updateProfile } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me', {
      schema: { tags: ['account'], summary: 'The signed-in account', response: { 200: userSchema, ...errors } },
    }, async (request) => myProfile(ctx, principalOf(request).userId));

    app.patch('/me', {
      schema: { tags: ['account'], summary: 'Change the profile', body: updateProfileBodySchema, response: { 200: userSchema, ...errors } },
    }, async (request) => updateProfile(ctx, principalOf(request).userId, request.body));

    app.post('/me/password', {
      schema: { tags: ['account'], summary: 'Change the password', body: changePasswordBodySchema, response: { 204: z.null(), ...errors } },
    }, async (request, reply) => {
      const { userId, sessionId } = principalOf(request);
      await changePassword(ctx, userId, sessionId, request.body.currentPassword, request.body.newPassword, request.ip);
      return reply.code(204).send(null);
    });
  };
}

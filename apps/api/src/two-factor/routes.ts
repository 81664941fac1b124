import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, twoFactorCodeBodySchema, twoFactorEnabledSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorStatus } from './service';
import { secondFactorAnswers } from './guard';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/me/2fa/*`: the signed-in account's own two-factor sign-in. */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/me/2fa', {
      schema: { tags: ['account'], summary: 'Whether two-factor sign-in is on', response: { 200: twoFactorStatusSchema, ...errors } },
    }, async (request) => twoFactorStatus(ctx, principalOf(request).userId));

    app.post('/me/2fa/setup', {
      schema: { tags: ['account'], summary: 'A new TOTP secret and its otpauth URL (not active until enabled with a first code)', response: { 200: twoFactorSetupSchema, ...errors } },
    }, async (request) => setUpTwoFactor(ctx, principalOf(request).userId));

    app.post('/me/2fa/enable', {
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor on with a first code; answers the recovery codes, once',
        body: twoFactorCodeBodySchema,
        response: { 200: twoFactorEnabledSchema, ...errors },
      },
    }, async (request) => enableTwoFactor(ctx, principalOf(request).userId, request.body.code));

    app.post('/me/2fa/disable', {
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off with a current code (or a recovery code); repeated wrong codes lock the codes for a while (429)',
        body: twoFactorCodeBodySchema,
        response: { 204: z.null(), ...errors, ...secondFactorAnswers },
      },
    }, async (request, reply) => {
      await disableTwoFactor(ctx, principalOf(request).userId, request.body.code);
      return reply.code(204).send(null);
    });
  };
}

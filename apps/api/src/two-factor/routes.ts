import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { disableTwoFactor } from './disable-two-factor';
import { enableTwoFactor } from './enable-two-factor';
import { setUpTwoFactor } from './set-up-two-factor';
import { readTwoFactorStatus } from './read-two-factor-status';

/** `/api/me/2fa/*`: the signed-in account's own two-factor sign-in. */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.twoFactor.status, {}, async (request) =>
      readTwoFactorStatus(ctx, principalOf(request).userId),
    );

    route(app, endpoints.twoFactor.setup, {}, async (request) => setUpTwoFactor(ctx, principalOf(request).userId));

    route(app, endpoints.twoFactor.enable, {}, async (request) =>
      enableTwoFactor(ctx, principalOf(request).userId, request.body.code, principalOf(request).sessionId),
    );

    route(app, endpoints.twoFactor.disable, {}, async (request, reply) => {
      await disableTwoFactor(ctx, principalOf(request).userId, request.body.code, principalOf(request).sessionId);
      return reply.code(204).send(null);
    });
  };
}

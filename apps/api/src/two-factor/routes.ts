import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { principalOf } from '../http/guard';
import { createTwoFactorService } from './service';

/** `/api/me/2fa/*`: the signed-in account's own two-factor sign-in. */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const twoFactor = createTwoFactorService(ctx);
  return async (app) => {
    route(app, endpoints.twoFactor.status, {}, async (request) => twoFactor.status(principalOf(request).userId));

    route(app, endpoints.twoFactor.setup, {}, async (request) => twoFactor.setup(principalOf(request).userId));

    route(app, endpoints.twoFactor.enable, {}, async (request) => twoFactor.enable(principalOf(request).userId, request.body.code));

    route(app, endpoints.twoFactor.disable, {}, async (request, reply) => {
      await twoFactor.disable(principalOf(request).userId, request.body.code);
      return reply.code(204).send(null);
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { endpoints } from '@portal/contract';
import { readiness } from './readiness';
import { healthChecks } from './checks';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.health.status, {}, async () => {
      const ready = await readiness(ctx);
      return { ...ready, checks: await healthChecks(ctx, ready.chain) };
    });
  };
}

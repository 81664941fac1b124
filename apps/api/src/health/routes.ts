import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { apiErrorSchema, chainStatusSchema, healthChecksSchema } from '@portal/contract';
import { readiness } from './readiness';
import { healthChecks } from './checks';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Ready once the database answers; `chain` (when the portal has one) reports the deposit watcher; an unreachable node does not make the portal unready; `checks` puts the watcher, the payout queue and the hot wallet in words',
        response: { 200: z.object({ status: z.literal('ok'), chain: chainStatusSchema.optional(), checks: healthChecksSchema }), 503: apiErrorSchema },
      },
    }, async () => {
      const ready = await readiness(ctx);
      return { ...ready, checks: await healthChecks(ctx, ready.chain) };
    });
  };
}

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { apiErrorSchema, chainStatusSchema } from '@portal/contract';
import { readiness } from './readiness';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Ready once the database answers; `chain` (when the portal has one) reports the deposit watcher; an unreachable node does not make the portal unready',
        response: { 200: z.object({ status: z.literal('ok'), chain: chainStatusSchema.optional() }), 503: apiErrorSchema },
      },
    }, async () => readiness(ctx));
  };
}

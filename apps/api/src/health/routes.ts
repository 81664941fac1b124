import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { apiErrorSchema, chainStatusSchema } from '@portal/contract';
import { readChainStatus } from '../deposits/chain-status';
import { sql } from '../db/sql';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Ready once the database answers; `chain` (when the portal has one) reports the deposit watcher; an unreachable node does not make the portal unready',
        response: { 200: z.object({ status: z.literal('ok'), chain: chainStatusSchema.optional() }), 503: apiErrorSchema },
      },
    }, async (_request, reply) => {
      try {
        await ctx.db.query(sql`SELECT 1`);
        return ctx.chain ? { status: 'ok' as const, chain: await readChainStatus(ctx) } : { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ message: 'The database is not reachable.', code: 'DATABASE_UNAVAILABLE' });
      }
    });
  };
}

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { apiErrorSchema } from '@portal/contract';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: { tags: ['health'], summary: 'Ready once the database answers', response: { 200: z.object({ status: z.literal('ok') }), 503: apiErrorSchema } },
    }, async (_request, reply) => {
      try {
        await ctx.db.query('SELECT 1');
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ message: 'The database is not reachable.', code: 'DATABASE_UNAVAILABLE' });
      }
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, outboxPageSchema, outboxQuerySchema } from '@portal/contract';
import type { AppContext } from '../context';
import { sendList } from '../shared/list-reply';
import { outboxPage } from './outbox';

/** Admins read the mail the portal kept because no SMTP server is configured, links and codes redacted. */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/outbox', {
      schema: {
        tags: ['admin'],
        summary: 'Mail kept in the outbox (no SMTP_URL configured), newest first, links and tokens redacted',
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, 400: apiErrorSchema },
      },
    }, async (request, reply) => sendList(reply, await outboxPage(ctx.db, request.query)));
  };
}

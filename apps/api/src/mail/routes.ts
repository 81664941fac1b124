import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, pageOf, pageQuerySchema, text } from '@portal/contract';
import type { AppContext } from '../context';
import { sendList } from '../shared/list-reply';
import { outboxPage } from './outbox';

const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/** Admins read the mail the portal kept because no SMTP server is configured, links and codes redacted. */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/outbox', {
      schema: {
        tags: ['admin'],
        summary: 'Mail kept in the outbox (no SMTP_URL configured), newest first, links and tokens redacted',
        querystring: pageQuerySchema.extend({ to: text(undefined, { label: 'to' }).trim().max(254).optional() }),
        response: { 200: pageOf(outboxMailSchema), 400: apiErrorSchema },
      },
    }, async (request, reply) => sendList(reply, await outboxPage(ctx.db, request.query)));
  };
}

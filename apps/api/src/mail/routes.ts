import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, pageOf, pageQuerySchema, text } from '@portal/contract';
import type { AppContext } from '../context';
import { pageResult, pageWindow } from '../shared/pagination';
import { redactSecrets } from './redact';

const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/**
 * Admins read the mail the portal kept because no SMTP server is configured,
 * with its secrets redacted (stored redacted; redacted again here for rows
 * kept before that): a reset link is for its recipient only.
 */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/outbox', {
      schema: {
        tags: ['admin'],
        summary: 'Mail kept in the outbox (no SMTP_URL configured), newest first, links and tokens redacted',
        querystring: pageQuerySchema.extend({ to: text(undefined, { label: 'to' }).trim().max(254).optional() }),
        response: { 200: pageOf(outboxMailSchema), 400: apiErrorSchema },
      },
    }, async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const to = request.query.to ?? null;
      const { rows } = await ctx.db.query<{ id: number; to_address: string; subject: string; body: string; created_at: Date; total: number }>(
        `SELECT id, to_address, subject, body, created_at, count(*) OVER () AS total
           FROM mail_outbox
          WHERE $1::text IS NULL OR lower(to_address) = lower($1)
          ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [to, limit, offset],
      );
      const items = rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        body: redactSecrets(row.body),
        createdAt: new Date(row.created_at).toISOString(),
      }));
      return pageResult(items, rows[0]?.total ?? 0, request.query);
    });
  };
}

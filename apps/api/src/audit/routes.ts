import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, auditPageSchema, auditQuerySchema } from '@portal/contract';
import type { AppContext } from '../context';
import { sendList } from '../shared/list-reply';
import { auditLog } from './queries';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** `/api/admin/audit-log` */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit-log', {
      schema: {
        tags: ['admin'],
        summary: 'Every admin action (filters: action, actor, target, dates; `format=csv` for the whole list)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await auditLog(ctx.db, ctx.now(), request.query)));
  };
}

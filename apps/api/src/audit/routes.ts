import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { sendList } from '../shared/list-reply';
import { auditLog } from './queries';

/** `/api/admin/audit-log` */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.audit.list, {}, async (request, reply) =>
      sendList(reply, await auditLog(ctx.db, ctx.now(), request.query)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { sendList } from '../shared/list-reply';
import { auditLog } from './queries';
import { auditVerification } from './verification';

/** `/api/admin/audit-log`, and the chain's last verification (a watermark: one row to read however long the log). */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.audit.list, {}, async (request, reply) =>
      sendList(reply, await auditLog(ctx.db, ctx.now(), request.query)),
    );
    route(app, endpoints.audit.verification, {}, async () => auditVerification(ctx.db));
  };
}

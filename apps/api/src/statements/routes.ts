import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { endpoints, statementFilename } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { renderStatement } from './render';
import { statementOf } from './statement-of';

/** The answer is a PDF, not JSON: the OpenAPI document says so from this config (apps/api/src/openapi/document.ts). */
const PDF = { config: { binaryResponse: ['application/pdf'] } } as const;

async function sendStatement(ctx: AppContext, reply: FastifyReply, memberId: number, month: string) {
  const statement = await statementOf(ctx.db, memberId, month, ctx.now());
  const pdf = await renderStatement(statement);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${statementFilename(statement.member.username, month)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** `/api/statements/:month`: the signed-in member's own statement. */
export function statementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.statements.monthly, PDF, (request, reply) =>
      sendStatement(ctx, reply, principalOf(request).userId, request.params.month),
    );
  };
}

/** `/api/admin/members/:id/statements/:month`: a member's statement, as they download it. */
export function statementAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.statements.adminMonthly, PDF, (request, reply) =>
      sendStatement(ctx, reply, request.params.id, request.params.month),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { actorOf } from '../audit/service';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { createMemberAdminService } from './service';

/** `/api/admin/members` */
export function memberAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const members = createMemberAdminService(ctx);
  return async (app) => {
    route(app, endpoints.members.adminList, {}, async (request, reply) => sendList(reply, await members.list(request.query)));

    route(app, endpoints.members.adminOne, {}, async (request) => members.detail(request.params.id));

    route(app, endpoints.members.adminAdjust, {}, async (request, reply) =>
      sendIdempotent(reply, await members.adjust(actorOf(request), request.params.id, request.body, request.headers['idempotency-key'])));
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { adjustMemberWallet } from './adjust-member-wallet';
import { listMembers } from './list-members';
import { readMemberDetail } from './read-member-detail';

/** `/api/admin/members` */
export function memberAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.members.adminList, {}, async (request, reply) =>
      sendList(reply, await listMembers(ctx, request.query)),
    );

    route(app, endpoints.members.adminOne, {}, async (request) => readMemberDetail(ctx, request.params.id));

    route(app, endpoints.members.adminAdjust, {}, async (request, reply) =>
      sendIdempotent(
        reply,
        await adjustMemberWallet(
          ctx,
          actorOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
    );
  };
}

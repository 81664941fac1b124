import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { readUser } from './read-user';
import { createAdmin } from './create-admin';
import { listUsers } from './list-users';
import { updateUser } from './update-user';
import { resetSignIn } from './reset-sign-in';
import { startSupportView } from './start-support-view';

/** `/api/admin/users` */
export function userAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.users.adminList, {}, async (request, reply) =>
      sendList(reply, await listUsers(ctx, request.query)),
    );

    // Once live, a new admin waits for a second admin and the delay: 202 with the pending change.
    route(app, endpoints.users.adminCreate, {}, async (request, reply) => {
      const created = await createAdmin(ctx, actorOf(request), request.body);
      return 'held' in created ? reply.code(202).send(created.held) : reply.code(201).send(created.user);
    });

    route(app, endpoints.users.adminOne, {}, async (request) => readUser(ctx, request.params.id));

    route(app, endpoints.users.adminUpdate, {}, async (request) =>
      updateUser(ctx, actorOf(request), request.params.id, request.body),
    );

    route(app, endpoints.users.adminResetSignIn, {}, async (request, reply) => {
      await resetSignIn(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    route(app, endpoints.users.adminViewAs, {}, async (request, reply) =>
      reply.code(201).send(
        await startSupportView(ctx, actorOf(request), request.params.id, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { addScreened, importScreening, removeScreened, screeningList } from './list';

/** `/api/admin/screening`: the address screening list. */
export function screeningAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.screening.adminList, {}, async (request, reply) =>
      sendList(reply, await screeningList(ctx, request.query)),
    );

    route(app, endpoints.screening.adminAdd, {}, async (request, reply) =>
      reply.code(201).send(await addScreened(ctx, actorOf(request), request.body)),
    );

    // Taking an address off the list lets money go to it again: an admin with two-factor only (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
    // Once live, the removal waits for a second admin and the delay: 202, the entry still listed (docs/decisions/0052-four-eyes-and-a-delay.md).
    route(app, endpoints.screening.adminRemove, {}, async (request, reply) => {
      const removal = await removeScreened(ctx, actorOf(request), request.params.id, request.body.reason);
      return reply.code(removal.held ? 202 : 200).send(removal.entry);
    });

    route(app, endpoints.screening.adminImport, {}, async (request) =>
      importScreening(ctx, actorOf(request), request.body),
    );
  };
}

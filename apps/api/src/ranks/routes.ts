import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf, principalOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { createRank, listRanks, orderRanks, updateRank } from './definitions';
import { evaluateRanksNow } from './evaluate';
import { rankProgress } from './progress';
import { rankAchievements } from './achievements';

/** `/api/ranks/progress`: the member's own rank and the next one's requirements. */
export function rankRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.ranks.progress, {}, async (request) =>
      rankProgress(ctx.db, principalOf(request).userId, ctx.now().toISOString().slice(0, 10)),
    );
  };
}

/** `/api/admin/ranks`: the ladder (audited writes), evaluation now, the achievements report. */
export function rankAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.ranks.adminList, {}, async () => ({ items: await listRanks(ctx.db) }));
    route(app, endpoints.ranks.adminCreate, {}, async (request, reply) =>
      reply.code(201).send(await createRank(ctx, actorOf(request), request.body)),
    );
    route(app, endpoints.ranks.adminUpdate, {}, async (request) =>
      updateRank(ctx, actorOf(request), request.params.id, request.body),
    );
    route(app, endpoints.ranks.adminOrder, {}, async (request) => ({
      items: await orderRanks(ctx, actorOf(request), request.body),
    }));
    route(app, endpoints.ranks.adminEvaluate, {}, async (request) => evaluateRanksNow(ctx, actorOf(request)));
    route(app, endpoints.ranks.adminAchievements, {}, async (request, reply) =>
      sendList(reply, await rankAchievements(ctx.db, ctx.now(), request.query)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { startNetworkRollup } from './rollup';
import { createNetworkService } from './service';
import { viewerOf } from './viewer';


/**
 * `/api/network/...` for members (their own downline) and admins (anyone's,
 * with `root`). Registered among the signed-in routes: `viewerOf` lets in
 * members and admins and refuses other accounts.
 */
export function networkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const network = createNetworkService(ctx);
  return async (app) => {
    // Team counts reach the ancestors off the request path, in this process's background.
    let stopRollup: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopRollup = startNetworkRollup(ctx.db, ctx.log);
    });
    app.addHook('onClose', async () => {
      await stopRollup?.();
    });

    route(app, endpoints.network.referralLink, {}, async (request) => network.referralLink(viewerOf(request)));

    route(app, endpoints.network.sponsorTree, {}, async (request) => network.sponsorTree(viewerOf(request), request.query));

    route(app, endpoints.network.placementTree, {}, async (request) => network.placementTree(viewerOf(request), request.query));

    route(app, endpoints.network.downline, {}, async (request) => network.downline(viewerOf(request), request.query));

    route(app, endpoints.network.placements, {}, async (request) => network.waitingList(viewerOf(request), request.query));

    route(app, endpoints.network.freeSlots, {}, async (request) => network.freeSlots(viewerOf(request), request.query));

    route(app, endpoints.network.place, {}, async (request, reply) => reply.code(201).send(await network.place(viewerOf(request), request.body)));
  };
}

/**
 * `/api/network/sponsor` for visitors: the register page names whose
 * referral link brought them. Listed among the guest routes (routes.ts).
 */
export function networkGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const network = createNetworkService(ctx);
  return async (app) => {
    route(app, endpoints.network.sponsorLookup, {}, async (request) => network.lookUpSponsor(request.query.username, { ip: request.ip }));
  };
}

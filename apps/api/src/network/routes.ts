import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { downline } from './downline';
import { freeSlots } from './free-slots';
import { placeWaitingMember } from './placement';
import { placementTree } from './placement-tree';
import { referralLink, requestOrigin } from './referral-link';
import { lookUpSponsor } from './sponsor-lookup';
import { sponsorTree } from './sponsor-tree';
import { viewerOf } from './viewer';
import { waitingList } from './waiting-list';

/**
 * `/api/network/...` for members (their own downline) and admins (anyone's,
 * with `root`). Registered among the signed-in routes: `viewerOf` lets in
 * members and admins and refuses other accounts.
 */
export function networkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.network.referralLink, {}, async (request) =>
      referralLink(ctx, viewerOf(principalOf(request)), requestOrigin(request)),
    );

    route(app, endpoints.network.sponsorTree, {}, async (request) =>
      sponsorTree(ctx, viewerOf(principalOf(request)), request.query),
    );

    route(app, endpoints.network.placementTree, {}, async (request) =>
      placementTree(ctx, viewerOf(principalOf(request)), request.query),
    );

    route(app, endpoints.network.downline, {}, async (request) =>
      downline(ctx, viewerOf(principalOf(request)), request.query),
    );

    route(app, endpoints.network.placements, {}, async (request) =>
      waitingList(ctx, viewerOf(principalOf(request)), request.query),
    );

    route(app, endpoints.network.freeSlots, {}, async (request) =>
      freeSlots(ctx, viewerOf(principalOf(request)), request.query),
    );

    route(app, endpoints.network.place, {}, async (request, reply) =>
      reply.code(201).send(await placeWaitingMember(ctx, viewerOf(principalOf(request)), request.body)),
    );
  };
}

/**
 * `/api/network/sponsor` for visitors: the register page names whose
 * referral link brought them. Listed among the guest routes (routes.ts).
 */
export function networkGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.network.sponsorLookup, {}, async (request) =>
      lookUpSponsor(ctx, request.query.username, { ip: request.ip }),
    );
  };
}

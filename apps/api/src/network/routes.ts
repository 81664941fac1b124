import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  downlineQuerySchema,
  downlineSchema,
  freeSlotsQuerySchema,
  freeSlotsSchema,
  placementBodySchema,
  placementResultSchema,
  placementsQuerySchema,
  placementTreeQuerySchema,
  placementTreeSchema,
  referralLinkSchema,
  sponsorTreeQuerySchema,
  sponsorLookupQuerySchema,
  sponsorLookupSchema,
  sponsorTreeSchema,
  waitingListSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { startNetworkRollup } from './rollup';
import { createNetworkService } from './service';
import { viewerOf } from './viewer';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['network'];
const security = [{ bearer: [] }];

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

    app.get('/network/referral-link', {
      schema: { tags, security, summary: 'Referral links (plain, left, right) and sign-up counts', response: { 200: referralLinkSchema, ...errors } },
    }, async (request) => network.referralLink(viewerOf(request)));

    app.get('/network/sponsor-tree', {
      schema: {
        tags,
        security,
        summary: 'The sponsor (unilevel) tree from `root` down `depth` levels, children in join order; `search` finds usernames in it',
        querystring: sponsorTreeQuerySchema,
        response: { 200: sponsorTreeSchema, ...errors },
      },
    }, async (request) => network.sponsorTree(viewerOf(request), request.query));

    app.get('/network/placement-tree', {
      schema: {
        tags,
        security,
        summary: 'The binary placement tree from `root` down `depth` levels, with left/right team counts and volumes',
        querystring: placementTreeQuerySchema,
        response: { 200: placementTreeSchema, ...errors },
      },
    }, async (request) => network.placementTree(viewerOf(request), request.query));

    app.get('/network/downline', {
      schema: {
        tags,
        security,
        summary: 'The placement downline of `root` as a table, in tree order (left leg, then right leg); filter by level, leg, username',
        querystring: downlineQuerySchema,
        response: { 200: downlineSchema, ...errors },
      },
    }, async (request) => network.downline(viewerOf(request), request.query));

    app.get('/network/placements', {
      schema: {
        tags,
        security,
        summary: 'Direct referrals waiting to be placed (admins: everyone waiting, or one sponsor\'s)',
        querystring: placementsQuerySchema,
        response: { 200: waitingListSchema, ...errors },
      },
    }, async (request) => network.waitingList(viewerOf(request), request.query));

    app.get('/network/free-slots', {
      schema: {
        tags,
        security,
        summary: 'Free positions for a waiting referral inside its sponsor\'s team, nearest first; `search` finds them under a username',
        querystring: freeSlotsQuerySchema,
        response: { 200: freeSlotsSchema, ...errors },
      },
    }, async (request) => network.freeSlots(viewerOf(request), request.query));

    app.post('/network/placements', {
      schema: {
        tags,
        security,
        summary: 'Place a waiting referral: `{ memberId, parentId, side }` or `{ memberId, auto: "left" | "right" }`',
        body: placementBodySchema,
        response: { 201: placementResultSchema, ...errors },
      },
    }, async (request, reply) => reply.code(201).send(await network.place(viewerOf(request), request.body)));
  };
}

/**
 * `/api/network/sponsor` for visitors: the register page names whose
 * referral link brought them. Listed among the guest routes (routes.ts).
 */
export function networkGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const network = createNetworkService(ctx);
  return async (app) => {
    app.get('/network/sponsor', {
      schema: {
        tags,
        summary: 'Whose referral link this is: the sponsor\'s username and name, or null for no such member (rate-limited per address)',
        querystring: sponsorLookupQuerySchema,
        response: { 200: sponsorLookupSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    }, async (request) => network.lookUpSponsor(request.query.username, { ip: request.ip }));
  };
}

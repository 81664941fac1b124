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
import { downline } from './downline';
import { freeSlots } from './free-slots';
import { placeWaitingMember } from './placement';
import { placementTree } from './placement-tree';
import { referralLink } from './referral-link';
import { lookUpSponsor } from './sponsor-lookup';
import { sponsorTree } from './sponsor-tree';
import { viewerOf } from './viewer';
import { waitingList } from './waiting-list';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['network'];
const security = [{ bearer: [] }];

/**
 * `/api/network/...` for members (their own downline) and admins (anyone's,
 * with `root`). Registered among the signed-in routes: `viewerOf` lets in
 * members and admins and refuses other accounts.
 */
export function networkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/network/referral-link', {
      schema: { tags, security, summary: 'Referral links (plain, left, right) and sign-up counts', response: { 200: referralLinkSchema, ...errors } },
    }, async (request) => referralLink(ctx, viewerOf(request)));

    app.get('/network/sponsor-tree', {
      schema: {
        tags,
        security,
        summary: 'The sponsor (unilevel) tree from `root` down `depth` levels, children in join order; `search` finds usernames in it',
        querystring: sponsorTreeQuerySchema,
        response: { 200: sponsorTreeSchema, ...errors },
      },
    }, async (request) => sponsorTree(ctx, viewerOf(request), request.query));

    app.get('/network/placement-tree', {
      schema: {
        tags,
        security,
        summary: 'The binary placement tree from `root` down `depth` levels, with left/right team counts and volumes',
        querystring: placementTreeQuerySchema,
        response: { 200: placementTreeSchema, ...errors },
      },
    }, async (request) => placementTree(ctx, viewerOf(request), request.query));

    app.get('/network/downline', {
      schema: {
        tags,
        security,
        summary: 'The placement downline of `root` as a table, in tree order (left leg, then right leg); filter by level, leg, username',
        querystring: downlineQuerySchema,
        response: { 200: downlineSchema, ...errors },
      },
    }, async (request) => downline(ctx, viewerOf(request), request.query));

    app.get('/network/placements', {
      schema: {
        tags,
        security,
        summary: 'Direct referrals waiting to be placed (admins: everyone waiting, or one sponsor\'s)',
        querystring: placementsQuerySchema,
        response: { 200: waitingListSchema, ...errors },
      },
    }, async (request) => waitingList(ctx, viewerOf(request), request.query));

    app.get('/network/free-slots', {
      schema: {
        tags,
        security,
        summary: 'Free positions for a waiting referral inside its sponsor\'s team, nearest first; `search` finds them under a username',
        querystring: freeSlotsQuerySchema,
        response: { 200: freeSlotsSchema, ...errors },
      },
    }, async (request) => freeSlots(ctx, viewerOf(request), request.query));

    app.post('/network/placements', {
      schema: {
        tags,
        security,
        summary: 'Place a waiting referral: `{ memberId, parentId, side }` or `{ memberId, auto: "left" | "right" }`',
        body: placementBodySchema,
        response: { 201: placementResultSchema, ...errors },
      },
    }, async (request, reply) => reply.code(201).send(await placeWaitingMember(ctx, viewerOf(request), request.body)));
  };
}

/**
 * `/api/network/sponsor` for visitors: the register page names whose
 * referral link brought them. Listed among the guest routes (routes.ts).
 */
export function networkGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/network/sponsor', {
      schema: {
        tags,
        summary: 'Whose referral link this is: the sponsor\'s username and name, or null for no such member (rate-limited per address)',
        querystring: sponsorLookupQuerySchema,
        response: { 200: sponsorLookupSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    }, async (request) => lookUpSponsor(ctx, request.query.username, { ip: request.ip }));
  };
}

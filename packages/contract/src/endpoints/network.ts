import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import {
  downlineQuerySchema,
  downlineSchema,
  freeSlotsQuerySchema,
  freeSlotsSchema,
  placementBodySchema,
  placementResultSchema,
  placementTreeQuerySchema,
  placementTreeSchema,
  placementsQuerySchema,
  referralLinkSchema,
  sponsorLookupQuerySchema,
  sponsorLookupSchema,
  sponsorTreeQuerySchema,
  sponsorTreeSchema,
  waitingListSchema,
} from '../network';

/** What its reads may answer. */
const readErrors = [
  'NOT_A_MEMBER',
  'NOT_IN_NETWORK',
  'NOT_PLACED',
  'PAGE_TOO_DEEP',
  'PARENT_NOT_FOUND',
  'REFERRAL_NOT_FOUND',
] as const satisfies readonly ApiErrorCode[];

/** What finding a waiting referral's free slots, and so placing it, may answer beyond the reads: the referral already placed, or its sponsor not placed (apps/api/src/network/viewpoint.ts placeableReferral). */
const placingErrors = [
  ...readErrors,
  'ALREADY_PLACED',
  'SPONSOR_NOT_PLACED',
] as const satisfies readonly ApiErrorCode[];

/** `/api/network` */
export const network = {
  referralLink: endpoint({
    method: 'GET',
    path: '/network/referral-link',
    status: 200,
    answer: referralLinkSchema,
    errors: readErrors,
    tags: ['network'],
    summary: 'Referral links (plain, left, right) and sign-up counts',
  }),
  sponsorTree: endpoint({
    method: 'GET',
    path: '/network/sponsor-tree',
    query: sponsorTreeQuerySchema,
    status: 200,
    answer: sponsorTreeSchema,
    errors: readErrors,
    tags: ['network'],
    summary:
      'The sponsor (unilevel) tree from `root` down `depth` levels, children in join order; `search` finds usernames in it',
  }),
  placementTree: endpoint({
    method: 'GET',
    path: '/network/placement-tree',
    query: placementTreeQuerySchema,
    status: 200,
    answer: placementTreeSchema,
    errors: readErrors,
    tags: ['network'],
    summary: 'The binary placement tree from `root` down `depth` levels, with left/right team counts and volumes',
  }),
  downline: endpoint({
    method: 'GET',
    path: '/network/downline',
    query: downlineQuerySchema,
    status: 200,
    answer: downlineSchema,
    errors: readErrors,
    tags: ['network'],
    summary:
      'The placement downline of `root` as a table, in tree order (left leg, then right leg); filter by level, leg, username',
  }),
  placements: endpoint({
    method: 'GET',
    path: '/network/placements',
    query: placementsQuerySchema,
    status: 200,
    answer: waitingListSchema,
    errors: readErrors,
    tags: ['network'],
    summary: "Direct referrals waiting to be placed (admins: everyone waiting, or one sponsor's)",
  }),
  freeSlots: endpoint({
    method: 'GET',
    path: '/network/free-slots',
    query: freeSlotsQuerySchema,
    status: 200,
    answer: freeSlotsSchema,
    errors: placingErrors,
    tags: ['network'],
    summary:
      "Free positions for a waiting referral inside its sponsor's team, nearest first; `search` finds them under a username",
  }),
  place: endpoint({
    method: 'POST',
    path: '/network/placements',
    body: placementBodySchema,
    status: 201,
    answer: placementResultSchema,
    errors: [...placingErrors, 'PLACEMENT_BUSY', 'PLACEMENT_TOO_DEEP', 'SLOT_TAKEN'],
    tags: ['network'],
    summary: 'Place a waiting referral: `{ memberId, parentId, side }` or `{ memberId, auto: "left" | "right" }`',
  }),
  sponsorLookup: endpoint({
    method: 'GET',
    path: '/network/sponsor',
    query: sponsorLookupQuerySchema,
    status: 200,
    answer: sponsorLookupSchema,
    errors: ['PAGE_TOO_DEEP', 'SPONSOR_LOOKUPS_LIMITED'],
    tags: ['network'],
    summary:
      "Whose referral link this is: the sponsor's username and name, or null for no such member (rate-limited per address)",
  }),
};

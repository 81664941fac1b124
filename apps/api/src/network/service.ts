import type { DownlineQuery, FreeSlotsQuery, PlacementBody, PlacementTreeQuery, SponsorTreeQuery, WaitingListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { downline } from './downline';
import { freeSlots } from './free-slots';
import { placeWaitingMember } from './placement';
import { placementTree } from './placement-tree';
import { referralLink } from './referral-link';
import { lookUpSponsor } from './sponsor-lookup';
import { sponsorTree } from './sponsor-tree';
import type { Viewer } from './viewer';
import { waitingList } from './waiting-list';

/**
 * The network's use cases, one file each, bound to the app's context: what
 * routes.ts calls, one function per route.
 */
export function createNetworkService(ctx: AppContext) {
  return {
    referralLink: (viewer: Viewer) => referralLink(ctx, viewer),
    sponsorTree: (viewer: Viewer, query: SponsorTreeQuery) => sponsorTree(ctx, viewer, query),
    placementTree: (viewer: Viewer, query: PlacementTreeQuery) => placementTree(ctx, viewer, query),
    downline: (viewer: Viewer, query: DownlineQuery) => downline(ctx, viewer, query),
    waitingList: (viewer: Viewer, query: WaitingListQuery) => waitingList(ctx, viewer, query),
    freeSlots: (viewer: Viewer, query: FreeSlotsQuery) => freeSlots(ctx, viewer, query),
    place: (viewer: Viewer, body: PlacementBody) => placeWaitingMember(ctx.db, viewer, body),
    lookUpSponsor: (username: string, client: { ip: string }) => lookUpSponsor(ctx, username, client),
  };
}

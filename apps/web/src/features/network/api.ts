import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type DownlineSort, type PlacementBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useSession } from '../../shared/session/useSession';
import { planKeys } from '../packages/api';

/** Query keys of the network area; everything under `network` is refetched after a placement. */
export const networkKeys = {
  all: ['network'] as const,
  referralLink: ['network', 'referral-link'] as const,
  sponsorTree: (query: SponsorTreeParams) => ['network', 'sponsor-tree', query] as const,
  placementTree: (root: number | undefined, depth: number) =>
    ['network', 'placement-tree', root ?? 'me', depth] as const,
  downline: (query: DownlineParams) => ['network', 'downline', query] as const,
  placements: (page: number, pageSize: number, search: string) =>
    ['network', 'placements', page, pageSize, search] as const,
  freeSlots: (member: number, search: string) => ['network', 'free-slots', member, search] as const,
};

export function useReferralLink() {
  return useQuery({
    queryKey: networkKeys.referralLink,
    queryFn: ({ signal }) => api.call(endpoints.network.referralLink, { signal }),
  });
}

export interface SponsorTreeParams {
  root?: number;
  depth?: number;
  after?: number;
  limit?: number;
  search?: string;
}

export function fetchSponsorTree(query: SponsorTreeParams, signal?: AbortSignal) {
  return api.call(endpoints.network.sponsorTree, { query, signal });
}

export function useSponsorTree(query: SponsorTreeParams, enabled = true) {
  return useQuery({
    queryKey: networkKeys.sponsorTree(query),
    queryFn: ({ signal }) => fetchSponsorTree(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false while the viewer is known not to be placed: "not placed yet" is a state, not a failed request. */
export function usePlacementTree(root: number | undefined, depth: number, enabled = true) {
  return useQuery({
    queryKey: networkKeys.placementTree(root, depth),
    queryFn: ({ signal }) => api.call(endpoints.network.placementTree, { query: { root, depth }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Whether the viewer has a place in the binary tree:
 * admins look from the company root, members ask their plan status first so
 * that a member not placed yet never meets a 404. `placed` is undefined
 * while it is being found out.
 */
export function useViewerPlaced(): { placed: boolean | undefined } {
  const { isAdmin } = useSession();
  const status = useQuery({
    queryKey: planKeys.status,
    queryFn: ({ signal }) => api.call(endpoints.bonuses.planStatus, { signal }),
    enabled: !isAdmin,
  });
  if (isAdmin) return { placed: true };
  return { placed: status.data?.placed };
}

export interface DownlineParams {
  page: number;
  pageSize: number;
  level?: number;
  leg?: 'left' | 'right';
  search?: string;
  root?: number;
  /** Absent: tree order. */
  sort?: DownlineSort;
}

export function useDownline(query: DownlineParams) {
  return useQuery({
    queryKey: networkKeys.downline(query),
    queryFn: ({ signal }) => api.call(endpoints.network.downline, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWaitingList(page: number, pageSize: number, search = '') {
  return useQuery({
    queryKey: networkKeys.placements(page, pageSize, search),
    queryFn: ({ signal }) => api.call(endpoints.network.placements, { query: { page, pageSize, search }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Free positions for a waiting member in its sponsor's team, nearest first (no tree is loaded). */
export function useFreeSlots(member: number, search: string) {
  return useQuery({
    queryKey: networkKeys.freeSlots(member, search),
    queryFn: ({ signal }) => api.call(endpoints.network.freeSlots, { query: { member, search, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Places a waiting member; every network view is refetched afterwards. */
export function usePlaceMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementBody) => api.call(endpoints.network.place, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}

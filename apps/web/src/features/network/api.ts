import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Downline,
  PlacementBody,
  PlacementResult,
  PlacementTree,
  ReferralLink,
  SponsorTree,
  WaitingList,
} from '@portal/contract';
import { api } from '../../shared/api/instance';

/** Query keys of the network area; everything under `network` is refetched after a placement. */
export const networkKeys = {
  all: ['network'] as const,
  referralLink: ['network', 'referral-link'] as const,
  sponsorTree: (query: SponsorTreeParams) => ['network', 'sponsor-tree', query] as const,
  placementTree: (root: number | undefined, depth: number) => ['network', 'placement-tree', root ?? 'me', depth] as const,
  downline: (query: DownlineParams) => ['network', 'downline', query] as const,
  placements: (page: number, pageSize: number) => ['network', 'placements', page, pageSize] as const,
};

export function useReferralLink() {
  return useQuery({
    queryKey: networkKeys.referralLink,
    queryFn: ({ signal }) => api.get<ReferralLink>('/network/referral-link', { signal }),
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
  return api.get<SponsorTree>('/network/sponsor-tree', { query: { ...query }, signal });
}

export function useSponsorTree(query: SponsorTreeParams, enabled = true) {
  return useQuery({
    queryKey: networkKeys.sponsorTree(query),
    queryFn: ({ signal }) => fetchSponsorTree(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePlacementTree(root: number | undefined, depth: number) {
  return useQuery({
    queryKey: networkKeys.placementTree(root, depth),
    queryFn: ({ signal }) => api.get<PlacementTree>('/network/placement-tree', { query: { root, depth }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface DownlineParams {
  page: number;
  pageSize: number;
  level?: number;
  leg?: 'left' | 'right';
  search?: string;
  root?: number;
}

export function useDownline(query: DownlineParams) {
  return useQuery({
    queryKey: networkKeys.downline(query),
    queryFn: ({ signal }) => api.get<Downline>('/network/downline', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWaitingList(page: number, pageSize: number) {
  return useQuery({
    queryKey: networkKeys.placements(page, pageSize),
    queryFn: ({ signal }) => api.get<WaitingList>('/network/placements', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/network/placements; every network view is refetched afterwards. */
export function usePlaceMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementBody) => api.post<PlacementResult>('/network/placements', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}

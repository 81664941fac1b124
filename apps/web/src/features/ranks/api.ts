import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type RankCreate } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { ledgerKeys } from '../wallet/api';

export const rankKeys = {
  all: ['ranks'] as const,
  progress: ['ranks', 'progress'] as const,
  admin: ['ranks', 'admin'] as const,
  achievements: (query: object) => ['ranks', 'achievements', query] as const,
};

/** The member's rank and the next one's requirements. */
export const useRankProgress = (enabled = true) =>
  useQuery({
    queryKey: rankKeys.progress,
    queryFn: ({ signal }) => api.call(endpoints.ranks.progress, { signal }),
    enabled,
  });

export const useAdminRanks = () =>
  useQuery({ queryKey: rankKeys.admin, queryFn: ({ signal }) => api.call(endpoints.ranks.adminList, { signal }) });

export function useSaveRank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RankCreate }) =>
      id === undefined
        ? api.call(endpoints.ranks.adminCreate, { body })
        : api.call(endpoints.ranks.adminUpdate, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rankKeys.all }),
  });
}

export function useOrderRanks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.call(endpoints.ranks.adminOrder, { body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rankKeys.all }),
  });
}

/** Evaluating may credit rank bonuses: the ledger's queries are refreshed too. */
export function useEvaluateRanks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.ranks.adminEvaluate, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rankKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]),
  });
}

export function useRankAchievements(query: Record<string, string | number>) {
  return useListQuery(rankKeys.achievements, endpoints.ranks.adminAchievements, query);
}

import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';

const reserveKeys = {
  published: ['reserves', 'published'] as const,
  mine: ['reserves', 'mine'] as const,
};

/** The published proofs, latest first (no sign-in needed). */
export function usePublishedReserves() {
  return useQuery({
    queryKey: reserveKeys.published,
    queryFn: ({ signal }) => api.call(endpoints.reserves.published, { signal }),
  });
}

/** The signed-in member's inclusion in the latest proof. */
export function useMyReserveProof() {
  return useQuery({
    queryKey: reserveKeys.mine,
    queryFn: ({ signal }) => api.call(endpoints.reserves.mine, { signal }),
  });
}

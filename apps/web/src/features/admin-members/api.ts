import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type AdjustmentBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { adminKeys } from '../admin-transactions/api';

export function useMembers(query: Record<string, string | number>) {
  return useListQuery(adminKeys.members, endpoints.members.adminList, query);
}

export function useMember(id: number) {
  return useQuery({
    queryKey: adminKeys.member(id),
    queryFn: ({ signal }) => api.call(endpoints.members.adminOne, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Adjusts a member's wallet with the Idempotency-Key of this confirmation. */
export function useAdjust(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdjustmentBody; key: string }) =>
      api.call(endpoints.members.adminAdjust, { params: { id: memberId }, body, headers: { 'idempotency-key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Changes a user: block/unblock, role. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: { status?: 'active' | 'blocked'; role?: 'admin' | 'member' } }) =>
      api.call(endpoints.users.adminUpdate, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

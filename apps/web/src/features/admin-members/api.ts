import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Adjustment, AdjustmentBody, AdminMember, AdminMemberDetail, AdminUser, Page } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';
import { adminKeys } from '../admin-transactions/api';

export function useMembers(query: Record<string, string | number>) {
  return useListQueryByPath<Page<AdminMember>>(adminKeys.members, '/admin/members', query);
}

export function useMember(id: number) {
  return useQuery({
    queryKey: adminKeys.member(id),
    queryFn: ({ signal }) => api.get<AdminMemberDetail>(`/admin/members/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST /api/admin/members/{id}/adjustments with the Idempotency-Key of this confirmation. */
export function useAdjust(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdjustmentBody; key: string }) =>
      api.post<Adjustment>(`/admin/members/${memberId}/adjustments`, body, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** PATCH /api/admin/users/{id}: block/unblock, role, password. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: { status?: 'active' | 'blocked'; role?: 'admin' | 'member'; password?: string };
    }) => api.patch<AdminUser>(`/admin/users/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

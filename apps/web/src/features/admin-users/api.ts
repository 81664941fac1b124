import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, CreateAdminBody, Page } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';
import { adminKeys } from '../admin-transactions/api';

export function useUsers(query: Record<string, string | number>) {
  return useListQueryByPath<Page<AdminUser>>(adminKeys.users, '/admin/users', query);
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => api.post<AdminUser>('/admin/users', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

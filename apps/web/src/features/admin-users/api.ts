import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, CreateAdminBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import type { Page } from '../wallet/api';
import { adminKeys } from '../admin-transactions/api';

export function useUsers(query: Record<string, string | number>) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => api.get<Page<AdminUser>>('/admin/users', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => api.post<AdminUser>('/admin/users', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type CreateAdminBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { adminKeys } from '../admin-transactions/api';

export function useUsers(query: Record<string, string | number>) {
  return useListQuery(adminKeys.users, endpoints.users.adminList, query);
}

/** Mails the account a password-reset link and ends its sign-ins (the admin never sets a password). */
export function useResetSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.users.adminResetSignIn, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => api.call(endpoints.users.adminCreate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

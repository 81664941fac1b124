import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type UpdateProfileBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { session } from '../../shared/session/instance';

export const accountKeys = {
  me: ['account', 'me'] as const,
};

/** The signed-in account; the session's copy of the user is kept in step. */
export function useMe() {
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: async ({ signal }) => {
      const user = await api.call(endpoints.me.profile, { signal });
      session.setUser(user);
      return user;
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.call(endpoints.me.updateProfile, { body }),
    onSuccess: (user) => {
      session.setUser(user);
      queryClient.setQueryData(accountKeys.me, user);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.call(endpoints.me.changePassword, { body }),
  });
}

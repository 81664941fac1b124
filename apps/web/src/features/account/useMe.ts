import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { session } from '../../shared/session/instance';

export const accountKeys = {
  me: ['account', 'me'] as const,
};

/** GET /api/me: the signed-in account; the session's copy of the user is kept in step. */
export function useMe() {
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: async ({ signal }) => {
      const user = await api.get<User>('/me', { signal });
      session.setUser(user);
      return user;
    },
  });
}

/** PATCH /api/me */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.patch<User>('/me', body),
    onSuccess: (user) => {
      session.setUser(user);
      queryClient.setQueryData(accountKeys.me, user);
    },
  });
}

/** POST /api/me/password */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.post<void>('/me/password', body),
  });
}

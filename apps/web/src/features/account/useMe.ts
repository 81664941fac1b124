import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type UpdateProfileBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { session } from '../../shared/session/instance';

export const accountKeys = {
  me: ['account', 'me'] as const,
  sessions: ['account', 'sessions'] as const,
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

/** The account's sessions in force and its last sign-ins (the Security tab). */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => api.call(endpoints.me.sessions, { signal }),
  });
}

/** Signs out one session, or every other one (`id` undefined); the list is read again after. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | undefined) => {
      if (id) await api.call(endpoints.me.endSession, { params: { id } });
      else await api.call(endpoints.me.endOtherSessions);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type MailPreferences } from '@portal/contract';
import { api } from '../../shared/api/instance';

export const notificationKeys = { all: ['notifications'] as const };

/** Without the live stream (a proxy that cuts it), the bell still looks every minute. */
const FALLBACK_POLL_MS = 60_000;

/** The bell's unread count and latest notifications. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => api.call(endpoints.notifications.list, { signal }),
    refetchInterval: FALLBACK_POLL_MS,
  });
}

/** Marks these notifications read (or all of them), then reads the bell again. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.call(endpoints.notifications.markRead, { body: ids ? { ids } : {} }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Apart from the bell's key: the bell's refreshes do not read the preferences again. */
export const mailPreferenceKeys = { all: ['mail-preferences'] as const };

/** Which kinds come by mail, and whether as a daily digest. */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferenceKeys.all,
    queryFn: ({ signal }) => api.call(endpoints.notifications.mailPreferences, { signal }),
  });
}

/** Saves the whole choice; the answer is kept as the new one. */
export function useUpdateMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferences) => api.call(endpoints.notifications.updateMailPreferences, { body }),
    onSuccess: (saved) => client.setQueryData(mailPreferenceKeys.all, saved),
  });
}

/** An unsubscribe link's token used: its kind is no longer mailed (no sign-in). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.call(endpoints.notifications.unsubscribe, { body: { token } }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
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

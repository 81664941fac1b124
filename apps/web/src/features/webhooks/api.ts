import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type WebhookCreateBody, type WebhookUpdateBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';

const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  endpoints: (query: object) => ['admin', 'webhooks', 'endpoints', query] as const,
  deliveries: (id: number) => (query: object) => ['admin', 'webhooks', 'deliveries', id, query] as const,
};

export function useWebhookEndpoints(query: Record<string, string | number>) {
  return useListQuery(webhookKeys.endpoints, endpoints.webhooks.adminList, query);
}

/** An endpoint's delivery log; refreshed every 10 s while open, so retries show as they happen. */
export function useWebhookDeliveries(endpointId: number, query: Record<string, string | number>) {
  return useListQuery(
    webhookKeys.deliveries(endpointId),
    { ...endpoints.webhooks.adminDeliveries, path: `/admin/webhooks/${endpointId}/deliveries` },
    query,
    { refetchInterval: 10_000 },
  );
}

/** Every change refreshes the endpoints and the logs. */
function useWebhookChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookChange((body: WebhookCreateBody) => api.call(endpoints.webhooks.adminCreate, { body }));

export const useUpdateWebhook = () =>
  useWebhookChange(({ id, body }: { id: number; body: WebhookUpdateBody }) =>
    api.call(endpoints.webhooks.adminUpdate, { params: { id }, body }),
  );

export const useDeleteWebhook = () =>
  useWebhookChange((id: number) => api.call(endpoints.webhooks.adminDelete, { params: { id } }));

export const useSendTestEvent = () =>
  useWebhookChange((id: number) => api.call(endpoints.webhooks.adminTest, { params: { id } }));

export const useRedeliver = () =>
  useWebhookChange((id: number) => api.call(endpoints.webhooks.adminRedeliver, { params: { id } }));

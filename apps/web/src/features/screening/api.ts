import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';

const screeningKeys = {
  all: ['admin', 'screening'] as const,
  list: (query: object) => ['admin', 'screening', query] as const,
};

export function useScreeningList(query: Record<string, string | number>) {
  return useListQuery(screeningKeys.list, endpoints.screening.adminList, query);
}

/** Every change to the list refreshes it. */
function useScreeningChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: screeningKeys.all }),
  });
}

export const useAddScreened = () =>
  useScreeningChange((body: { address: string; reason: string }) => api.call(endpoints.screening.adminAdd, { body }));

export const useRemoveScreened = () =>
  useScreeningChange(({ id, reason }: { id: number; reason: string }) =>
    api.call(endpoints.screening.adminRemove, { params: { id }, body: { reason } }),
  );

export const useImportScreening = () =>
  useScreeningChange((body: { csv: string; defaultReason?: string }) =>
    api.call(endpoints.screening.adminImport, { body }),
  );

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SettingsPatch } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { adminKeys } from '../admin-transactions/api';

/** The settings in force, as admins read them (`enabled`: only when the page needs them). */
export function useAdminSettings(enabled = true) {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => api.call(endpoints.settings.adminGet, { signal }),
    enabled,
  });
}

/** Pending changes and whether the portal is in set-up or live (apps/api/src/changes/). */
export const changeKeys = { all: ['admin', 'changes'] as const };

export function usePendingChanges() {
  return useQuery({
    queryKey: changeKeys.all,
    queryFn: ({ signal }) => api.call(endpoints.changes.adminList, { signal }),
    // The countdown reaches zero while the page is open: look again now and then.
    refetchInterval: 60_000,
  });
}

/** Confirm or cancel a pending change; the settings in force may change with it. */
export function useDecideChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb }: { id: number; verb: 'confirm' | 'cancel' }) =>
      api.call(verb === 'confirm' ? endpoints.changes.adminConfirm : endpoints.changes.adminCancel, {
        params: { id },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: changeKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
      ]),
  });
}

export function useGoLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.changes.adminGoLive, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: changeKeys.all }),
  });
}

/** Saves settings: the answer is the settings in force, and a loosening may have become a pending change. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => api.call(endpoints.settings.adminUpdate, { body: patch }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.settings, saved),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ledger'] }),
        queryClient.invalidateQueries({ queryKey: changeKeys.all }),
      ]),
  });
}

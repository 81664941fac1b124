import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type WithdrawalBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';

/** Everything under `ledger` is refreshed after money moves (wallet/api.ts). */
export const withdrawalKeys = {
  terms: ['ledger', 'withdrawal-terms'] as const,
  mine: (query: object) => ['ledger', 'withdrawals', query] as const,
  admin: (query: object) => ['ledger', 'admin-withdrawals', query] as const,
  hotWallet: ['ledger', 'hot-wallet'] as const,
  restoreChecks: ['ledger', 'restore-checks'] as const,
  addresses: ['withdrawal-addresses'] as const,
  twoFactor: ['two-factor'] as const,
};

export function useWithdrawalTerms() {
  return useQuery({
    queryKey: withdrawalKeys.terms,
    queryFn: ({ signal }) => api.call(endpoints.withdrawals.terms, { signal }),
  });
}

export const fetchWithdrawalQuote = (amount: string) => api.call(endpoints.withdrawals.quote, { query: { amount } });

export function useMyWithdrawals(query: Record<string, string | number>, options: { refetchInterval?: number } = {}) {
  return useListQuery(withdrawalKeys.mine, endpoints.withdrawals.list, query, options);
}

export function useAdminWithdrawals(query: Record<string, string | number>) {
  return useListQuery(withdrawalKeys.admin, endpoints.withdrawals.adminList, query, { refetchInterval: 5_000 });
}

export function useHotWallet() {
  return useQuery({
    queryKey: withdrawalKeys.hotWallet,
    queryFn: ({ signal }) => api.call(endpoints.withdrawals.adminHotWallet, { signal }),
    refetchInterval: 10_000,
  });
}

/** While a restore check is pending: read again this often, until the payout job has matched the held payouts. */
const RESTORE_CHECK_POLL_MS = 5_000;

/** The restore checks, newest first (apps/api/src/withdrawals/payout/after-restore.ts); polled only while one is pending. */
export function useRestoreChecks() {
  return useQuery({
    queryKey: withdrawalKeys.restoreChecks,
    queryFn: ({ signal }) => api.call(endpoints.withdrawals.adminRestoreChecks, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((check) => check.status === 'pending') ? RESTORE_CHECK_POLL_MS : false,
  });
}

export function useMemberActivity(withdrawalId: number | null) {
  return useQuery({
    queryKey: ['ledger', 'withdrawal-activity', withdrawalId],
    // Only run with an id (`enabled`).
    queryFn: ({ signal }) => api.call(endpoints.withdrawals.adminActivity, { params: { id: withdrawalId! }, signal }),
    enabled: withdrawalId !== null,
  });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WithdrawalBody; key: string }) =>
      api.call(endpoints.withdrawals.create, { body, headers: { 'idempotency-key': key } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ledger'] }),
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.addresses }),
      ]),
  });
}

export function useDecideWithdrawals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision:
        { action: 'approve'; ids: number[]; totpCode?: string } | { action: 'reject'; ids: number[]; reason: string },
    ) =>
      decision.action === 'reject'
        ? api.call(endpoints.withdrawals.adminRejectMany, { body: { ids: decision.ids, reason: decision.reason } })
        : api.call(endpoints.withdrawals.adminApproveMany, {
            body: { ids: decision.ids, ...(decision.totpCode ? { totpCode: decision.totpCode } : {}) },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'retry' | 'refund' }) =>
      api.call(action === 'retry' ? endpoints.withdrawals.adminRetry : endpoints.withdrawals.adminRefund, {
        params: { id },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export function useWithdrawalAddresses(enabled = true) {
  return useQuery({
    queryKey: withdrawalKeys.addresses,
    queryFn: ({ signal }) => api.call(endpoints.withdrawals.addresses, { signal }),
    enabled,
    retry: false,
  });
}

export function useAddressActions() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.addresses });
  return {
    add: useMutation({
      mutationFn: (body: { address: string; label?: string }) => api.call(endpoints.withdrawals.addAddress, { body }),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(endpoints.withdrawals.removeAddress, { params: { id } }),
      onSettled: settle,
    }),
  };
}

export function useTwoFactor() {
  return useQuery({
    queryKey: withdrawalKeys.twoFactor,
    queryFn: ({ signal }) => api.call(endpoints.twoFactor.status, { signal }),
  });
}

export function useTwoFactorActions() {
  const queryClient = useQueryClient();
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: withdrawalKeys.twoFactor }),
      queryClient.invalidateQueries({ queryKey: withdrawalKeys.terms }),
    ]);
  return {
    setup: useMutation({ mutationFn: () => api.call(endpoints.twoFactor.setup) }),
    enable: useMutation({
      mutationFn: (code: string) => api.call(endpoints.twoFactor.enable, { body: { code } }),
      onSettled: settle,
    }),
    disable: useMutation({
      mutationFn: (code: string) => api.call(endpoints.twoFactor.disable, { body: { code } }),
      onSettled: settle,
    }),
  };
}

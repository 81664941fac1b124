import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkResult,
  HotWallet,
  Page,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
  Withdrawal,
  WithdrawalAddress,
  WithdrawalAddressList,
  WithdrawalBody,
  WithdrawalQuote,
  WithdrawalTerms,
} from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';

/** Everything under `ledger` is refreshed after money moves (wallet/api.ts). */
export const withdrawalKeys = {
  terms: ['ledger', 'withdrawal-terms'] as const,
  mine: (query: object) => ['ledger', 'withdrawals', query] as const,
  admin: (query: object) => ['ledger', 'admin-withdrawals', query] as const,
  hotWallet: ['ledger', 'hot-wallet'] as const,
  addresses: ['withdrawal-addresses'] as const,
  twoFactor: ['two-factor'] as const,
};

export function useWithdrawalTerms() {
  return useQuery({ queryKey: withdrawalKeys.terms, queryFn: ({ signal }) => api.get<WithdrawalTerms>('/withdrawals/terms', { signal }) });
}

export const fetchWithdrawalQuote = (amount: string) => api.get<WithdrawalQuote>('/withdrawals/quote', { query: { amount } });

export function useMyWithdrawals(query: Record<string, string | number>) {
  return useListQueryByPath<Page<Withdrawal>>(withdrawalKeys.mine, '/withdrawals', query);
}

export function useAdminWithdrawals(query: Record<string, string | number>) {
  return useListQueryByPath<Page<Withdrawal>>(withdrawalKeys.admin, '/admin/withdrawals', query, { refetchInterval: 5_000 });
}

export function useHotWallet() {
  return useQuery({ queryKey: withdrawalKeys.hotWallet, queryFn: ({ signal }) => api.get<HotWallet>('/admin/withdrawals/hot-wallet', { signal }), refetchInterval: 10_000 });
}

export function useMemberActivity(withdrawalId: number | null) {
  return useQuery({
    queryKey: ['ledger', 'withdrawal-activity', withdrawalId],
    queryFn: ({ signal }) => api.get<{ items: Array<{ type: string; description: string; amount: string; createdAt: string }> }>(`/admin/withdrawals/${withdrawalId}/activity`, { signal }),
    enabled: withdrawalId !== null,
  });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WithdrawalBody; key: string }) => api.post<Withdrawal>('/withdrawals', body, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['ledger'] }), queryClient.invalidateQueries({ queryKey: withdrawalKeys.addresses })]),
  });
}

export function useDecideWithdrawals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids, reason, totpCode }: { action: 'approve' | 'reject'; ids: number[]; reason?: string; totpCode?: string }) =>
      api.post<BulkResult>(`/admin/withdrawals/${action}`, action === 'reject' ? { ids, reason } : { ids, ...(totpCode ? { totpCode } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'retry' | 'refund' }) => api.post<Withdrawal>(`/admin/withdrawals/${id}/${action}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export function useWithdrawalAddresses(enabled = true) {
  return useQuery({ queryKey: withdrawalKeys.addresses, queryFn: ({ signal }) => api.get<WithdrawalAddressList>('/withdrawal-addresses', { signal }), enabled, retry: false });
}

export function useAddressActions() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.addresses });
  return {
    add: useMutation({ mutationFn: (body: { address: string; label?: string }) => api.post<WithdrawalAddress>('/withdrawal-addresses', body), onSettled: settle }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/withdrawal-addresses/${id}`), onSettled: settle }),
  };
}

export function useTwoFactor() {
  return useQuery({ queryKey: withdrawalKeys.twoFactor, queryFn: ({ signal }) => api.get<TwoFactorStatus>('/me/2fa', { signal }) });
}

export function useTwoFactorActions() {
  const queryClient = useQueryClient();
  const settle = () => Promise.all([queryClient.invalidateQueries({ queryKey: withdrawalKeys.twoFactor }), queryClient.invalidateQueries({ queryKey: withdrawalKeys.terms })]);
  return {
    setup: useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/me/2fa/setup') }),
    enable: useMutation({ mutationFn: (code: string) => api.post<TwoFactorEnabled>('/me/2fa/enable', { code }), onSettled: settle }),
    disable: useMutation({ mutationFn: (code: string) => api.post('/me/2fa/disable', { code }), onSettled: settle }),
  };
}

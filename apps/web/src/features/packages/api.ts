import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDashboard,
  CloseResult,
  IncomeSummary,
  MatchingBonus,
  Package,
  PackageCreate,
  PackagePatch,
  Page,
  PlanStatus,
  Purchase,
  PurchaseListItem,
  ReferralBonus,
} from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';
import { ledgerKeys } from '../wallet/api';

export const planKeys = {
  all: ['plan'] as const,
  packages: ['plan', 'packages'] as const,
  adminPackages: ['plan', 'admin-packages'] as const,
  purchases: (query: object) => ['plan', 'purchases', query] as const,
  status: ['plan', 'status'] as const,
  bonuses: (query: object) => ['plan', 'bonuses', query] as const,
  adminBonuses: (query: object) => ['plan', 'admin-bonuses', query] as const,
  income: (query: object) => ['plan', 'income', query] as const,
  dashboard: ['plan', 'dashboard'] as const,
  closes: ['plan', 'closes'] as const,
};

export type { PurchaseListItem };
export type BonusPage<T> = Page<T> & { type: 'referral' | 'matching'; totalPaid: string };

export const usePackages = () => useQuery({ queryKey: planKeys.packages, queryFn: ({ signal }) => api.get<{ items: Package[] }>('/packages', { signal }) });
export const usePlanStatus = () => useQuery({ queryKey: planKeys.status, queryFn: ({ signal }) => api.get<PlanStatus>('/plan/status', { signal }) });

export function usePurchases(query: Record<string, string | number>) {
  return useListQueryByPath<Page<PurchaseListItem>>(planKeys.purchases, '/purchases', query);
}

export function useBuy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packageId, key }: { packageId: number; key: string }) => api.post<Purchase>('/purchases', { packageId }, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: planKeys.all }), queryClient.invalidateQueries({ queryKey: ledgerKeys.all })]),
  });
}

export function useBonuses<T extends ReferralBonus | MatchingBonus>(query: Record<string, string | number>, admin = false) {
  return useListQueryByPath<BonusPage<T>>(
    admin ? planKeys.adminBonuses : planKeys.bonuses,
    admin ? '/admin/bonuses' : '/bonuses',
    query,
  );
}

export function useIncomeSummary(query: Record<string, string>) {
  return useQuery({ queryKey: planKeys.income(query), queryFn: ({ signal }) => api.get<IncomeSummary>('/income/summary', { query, signal }) });
}

export const useAdminPackages = () =>
  useQuery({ queryKey: planKeys.adminPackages, queryFn: ({ signal }) => api.get<{ items: Package[] }>('/admin/packages', { signal }) });

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PackageCreate | PackagePatch }) =>
      id === undefined ? api.post<Package>('/admin/packages', body) : api.patch<Package>(`/admin/packages/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export const useAdminDashboard = () =>
  useQuery({ queryKey: planKeys.dashboard, queryFn: ({ signal }) => api.get<AdminDashboard>('/admin/dashboard', { signal }) });

export type CloseSummary = Omit<CloseResult, 'created'>;

/** GET /api/admin/plan/closes: the latest closes, newest first. */
export const useCloses = () =>
  useQuery({ queryKey: planKeys.closes, queryFn: ({ signal }) => api.get<{ items: CloseSummary[] }>('/admin/plan/closes', { signal }) });

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.post<CloseResult>('/admin/plan/close', { date }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints, type PackageCreate, type PurchaseListItem } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
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
  closeReview: (date: string) => ['plan', 'closes', date, 'review'] as const,
};

export type { PurchaseListItem };

/** After a purchase or its undoing: the plan's figures and the wallets both moved. */
export const invalidatePlanAndWallets = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
    queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  ]);

export const usePackages = () =>
  useQuery({ queryKey: planKeys.packages, queryFn: ({ signal }) => api.call(endpoints.packages.list, { signal }) });
export const usePlanStatus = () =>
  useQuery({ queryKey: planKeys.status, queryFn: ({ signal }) => api.call(endpoints.bonuses.planStatus, { signal }) });

export function usePurchases(query: Record<string, string | number>) {
  return useListQuery(planKeys.purchases, endpoints.purchases.list, query);
}

export function useBuy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packageId, key }: { packageId: number; key: string }) =>
      api.call(endpoints.purchases.create, { body: { packageId }, headers: { 'idempotency-key': key } }),
    onSettled: () => invalidatePlanAndWallets(queryClient),
  });
}

/** Cancels one's own purchase within the window (docs/plan.md, "Cancellations and refunds"). */
export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, key }: { purchaseId: number; key: string }) =>
      api.call(endpoints.refunds.cancel, { params: { id: purchaseId }, headers: { 'idempotency-key': key } }),
    onSettled: () => invalidatePlanAndWallets(queryClient),
  });
}

export function useBonuses(query: Record<string, string | number>, admin = false) {
  return useListQuery(
    admin ? planKeys.adminBonuses : planKeys.bonuses,
    admin ? endpoints.bonuses.adminList : endpoints.bonuses.list,
    query,
  );
}

export function useIncomeSummary(query: Record<string, string>) {
  return useQuery({
    queryKey: planKeys.income(query),
    queryFn: ({ signal }) => api.call(endpoints.bonuses.incomeSummary, { query, signal }),
  });
}

export const useAdminPackages = () =>
  useQuery({
    queryKey: planKeys.adminPackages,
    queryFn: ({ signal }) => api.call(endpoints.packages.adminList, { signal }),
  });

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PackageCreate }) =>
      id === undefined
        ? api.call(endpoints.packages.adminCreate, { body })
        : api.call(endpoints.packages.adminUpdate, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export const useAdminDashboard = () =>
  useQuery({
    queryKey: planKeys.dashboard,
    queryFn: ({ signal }) => api.call(endpoints.plan.adminDashboard, { signal }),
  });

/** The latest closes, newest first. */
export const useCloses = () =>
  useQuery({ queryKey: planKeys.closes, queryFn: ({ signal }) => api.call(endpoints.plan.adminCloses, { signal }) });

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.call(endpoints.plan.adminClose, { body: { date } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** A close's review (totals, largest payouts, those over the threshold); off until a day is given. */
export const useCloseReview = (date: string | null) =>
  useQuery({
    queryKey: planKeys.closeReview(date ?? ''),
    queryFn: ({ signal }) => api.call(endpoints.plan.adminCloseReview, { params: { date: date! }, signal }),
    enabled: date !== null,
  });

/** Pays a close computed for review: the members' income wallets change, so the ledger's queries are refreshed too. */
export function usePayClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.call(endpoints.plan.adminClosePay, { params: { date } }),
    onSettled: () => invalidatePlanAndWallets(queryClient),
  });
}

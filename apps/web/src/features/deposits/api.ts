import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type CapitalBody,
  type RecoverDepositInput,
  type RescanPage,
  type StartRescanInput,
  type TreasuryMoveBody,
} from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';

/** Deposits live under `ledger` too: a credit refreshes the wallet figures everywhere. */
export const depositKeys = {
  address: ['ledger', 'deposit-address'] as const,
  mine: (query: object) => ['ledger', 'deposits', query] as const,
  admin: (query: object) => ['admin', 'deposits', query] as const,
  consolidations: (query: object) => ['admin', 'consolidations', query] as const,
  wallets: (query: object) => ['admin', 'chain-wallets', query] as const,
  rescans: ['admin', 'deposit-rescans'] as const,
};

/** How often the deposit page asks for news: a deposit shows within seconds of its block. */
export const LIVE_REFRESH_MS = 3_000;

export function useDepositAddress() {
  return useQuery({
    queryKey: depositKeys.address,
    queryFn: ({ signal }) => api.call(endpoints.deposits.address, { signal }),
    staleTime: Infinity,
  });
}

/** The member's deposits; `live` polls while the page is open. */
export function useMyDeposits(query: Record<string, string | number>, live = false) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: depositKeys.mine(query),
    queryFn: async ({ signal }) => {
      const answer = await api.call(endpoints.deposits.list, { query, signal });
      // A new credit changes the wallet balances shown elsewhere.
      void queryClient.invalidateQueries({ queryKey: ['ledger', 'wallets'] });
      return answer;
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useAdminDeposits(query: Record<string, string | number>) {
  return useListQuery(depositKeys.admin, endpoints.deposits.adminList, query, { refetchInterval: 10_000 });
}

export function useConsolidations(query: Record<string, string | number>) {
  return useListQuery(depositKeys.consolidations, endpoints.deposits.adminConsolidations, query);
}

export function useStartConsolidation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer comes once the sweep's transactions are mined (a few blocks).
    mutationFn: () => api.call(endpoints.deposits.adminConsolidate, { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useChainWallets(query: Record<string, string | number>) {
  return useListQuery(depositKeys.wallets, endpoints.deposits.adminChainWallets, query, { refetchInterval: 15_000 });
}

/** Moves USDT from the treasury to the hot wallet (answers once it is mined); the wallets page reads anew. */
export function useMoveFromTreasury() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TreasuryMoveBody; key: string }) =>
      api.call(endpoints.hotWallet.adminMoveFromTreasury, { body, headers: { 'idempotency-key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Books USDT sent from an outside address as the company's capital. */
export function useBookCapital() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CapitalBody; key: string }) =>
      api.call(endpoints.hotWallet.adminBookCapital, { body, headers: { 'idempotency-key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The deposit watcher's state, as /api/health reports it (admin pages warn when it is not ok). */
export function useChainStatus() {
  return useQuery({
    queryKey: ['admin', 'chain-status'],
    queryFn: ({ signal }) => api.call(endpoints.health.status, { signal }),
    refetchInterval: 10_000,
    select: (health) => health.chain,
  });
}

/** A held deposit credited once (the confirmation's Idempotency-Key) or rejected with a reason; either refreshes the admin lists. */
export function useDecideHeldDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision: { id: number; key: string } & ({ action: 'credit' } | { action: 'reject'; reason: string }),
    ) =>
      decision.action === 'credit'
        ? api.call(endpoints.deposits.adminCreditHeld, {
            params: { id: decision.id },
            headers: { 'idempotency-key': decision.key },
          })
        : api.call(endpoints.deposits.adminRejectHeld, {
            params: { id: decision.id },
            body: { reason: decision.reason },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** A deposit recovered by its transaction hash: the member's own (`admin` false) or any (`admin`); a credit refreshes the wallets and the lists. */
export function useRecoverDeposit(admin: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecoverDepositInput) =>
      api.call(admin ? endpoints.deposits.adminRecover : endpoints.deposits.recover, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['ledger'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'deposits'] }),
      ]),
  });
}

/** While a rescan runs, its progress is read this often. */
export const RESCAN_POLL_MS = 1_000;

/** The latest block-range rescans (the first is the one a card follows); polled while one runs. */
export function useRescans() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: depositKeys.rescans,
    queryFn: async ({ signal }): Promise<RescanPage> => {
      const running = (page?: RescanPage) => page?.items.some((rescan) => rescan.status === 'running') ?? false;
      const before = queryClient.getQueryData<RescanPage>(depositKeys.rescans);
      const page = await api.call(endpoints.deposits.adminRescans, { query: { page: 1, pageSize: 5 }, signal });
      // What a rescan credits (up to its last chunk) shows in the deposit list.
      if (running(page) || running(before)) void queryClient.invalidateQueries({ queryKey: ['admin', 'deposits'] });
      return page;
    },
    refetchInterval: (query) =>
      query.state.data?.items.some((rescan) => rescan.status === 'running') ? RESCAN_POLL_MS : false,
  });
}

export function useStartRescan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartRescanInput) => api.call(endpoints.deposits.adminStartRescan, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositKeys.rescans }),
  });
}

export function useCancelRescan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.deposits.adminCancelRescan, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

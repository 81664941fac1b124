import { useQuery } from '@tanstack/react-query';
import type { Page, WalletEntry, WalletsResponse } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';

/** Query keys of the member's money: everything under `ledger` is refreshed after money moves. */
export const ledgerKeys = {
  all: ['ledger'] as const,
  wallets: ['ledger', 'wallets'] as const,
  entries: (query: object) => ['ledger', 'entries', query] as const,
  transfers: (query: object) => ['ledger', 'transfers', query] as const,
  conversions: (query: object) => ['ledger', 'conversions', query] as const,
  transferTerms: ['ledger', 'transfer-terms'] as const,
  conversionTerms: ['ledger', 'conversion-terms'] as const,
};

/** GET /api/wallets */
export function useWallets(enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.wallets,
    queryFn: ({ signal }) => api.get<WalletsResponse>('/wallets', { signal }),
    enabled,
  });
}

/** GET /api/wallets/entries (all wallets, or `wallet=`) */
export function useWalletEntries(query: Record<string, string | number>, enabled = true) {
  return useListQueryByPath<Page<WalletEntry>>(ledgerKeys.entries, '/wallets/entries', query, { enabled });
}

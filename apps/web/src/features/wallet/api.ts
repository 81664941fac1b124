import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';

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

/** The three wallets with their balances. */
export function useWallets(enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.wallets,
    queryFn: ({ signal }) => api.call(endpoints.wallets.list, { signal }),
    enabled,
  });
}

/** The history of all wallets, or of one with `wallet=`. */
export function useWalletEntries(query: Record<string, string | number>, enabled = true) {
  return useListQuery(ledgerKeys.entries, endpoints.wallets.entries, query, { enabled });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@portal/contract';
import { api } from '../../shared/api/instance';
import type { Page } from '../wallet/api';

export const adminKeys = {
  all: ['admin'] as const,
  transactions: (query: object) => ['admin', 'transactions', query] as const,
  members: (query: object) => ['admin', 'members', query] as const,
  member: (id: number) => ['admin', 'member', id] as const,
  users: (query: object) => ['admin', 'users', query] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
  settings: ['admin', 'settings'] as const,
};

/** GET /api/admin/transactions */
export function useTransactions(query: Record<string, string | number>) {
  return useQuery({
    queryKey: adminKeys.transactions(query),
    queryFn: ({ signal }) => api.get<Page<JournalEntry>>('/admin/transactions', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

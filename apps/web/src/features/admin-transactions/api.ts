import type { JournalEntry, Page } from '@portal/contract';
import { useListQueryByPath } from '../../shared/api/list-query';

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
  return useListQueryByPath<Page<JournalEntry>>(adminKeys.transactions, '/admin/transactions', query);
}

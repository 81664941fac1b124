import { endpoints } from '@portal/contract';
import { useListQuery } from '../../shared/api/list-query';

export const adminKeys = {
  all: ['admin'] as const,
  transactions: (query: object) => ['admin', 'transactions', query] as const,
  members: (query: object) => ['admin', 'members', query] as const,
  member: (id: number) => ['admin', 'member', id] as const,
  users: (query: object) => ['admin', 'users', query] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
  settings: ['admin', 'settings'] as const,
};

export function useTransactions(query: Record<string, string | number>) {
  return useListQuery(adminKeys.transactions, endpoints.transactions.adminList, query);
}

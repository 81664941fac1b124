import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';

/** A period's trial balance, kept on screen while the next period's is read. */
export function useTrialBalance(period: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['admin', 'trial-balance', period],
    queryFn: ({ signal }) => api.call(endpoints.books.trialBalance, { query: period, signal }),
    placeholderData: keepPreviousData,
  });
}

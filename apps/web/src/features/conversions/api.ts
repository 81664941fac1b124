import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { ledgerKeys } from '../wallet/api';

export function useConversionTerms() {
  return useQuery({
    queryKey: ledgerKeys.conversionTerms,
    queryFn: ({ signal }) => api.call(endpoints.conversions.terms, { signal }),
  });
}

export const fetchConversionQuote = (amount: string) => api.call(endpoints.conversions.quote, { query: { amount } });

export function useConversions(query: Record<string, string | number>) {
  return useListQuery(ledgerKeys.conversions, endpoints.conversions.list, query);
}

export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, key }: { amount: string; key: string }) =>
      api.call(endpoints.conversions.create, { body: { amount }, headers: { 'idempotency-key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

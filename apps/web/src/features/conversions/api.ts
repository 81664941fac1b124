import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversion, ConversionQuote, ConversionTerms, Page } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';
import { ledgerKeys } from '../wallet/api';

export function useConversionTerms() {
  return useQuery({
    queryKey: ledgerKeys.conversionTerms,
    queryFn: ({ signal }) => api.get<ConversionTerms>('/conversions/terms', { signal }),
  });
}

export const fetchConversionQuote = (amount: string) =>
  api.get<ConversionQuote>('/conversions/quote', { query: { amount } });

export function useConversions(query: Record<string, string | number>) {
  return useListQueryByPath<Page<Conversion>>(ledgerKeys.conversions, '/conversions', query);
}

export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, key }: { amount: string; key: string }) =>
      api.post<Conversion>('/conversions', { amount }, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

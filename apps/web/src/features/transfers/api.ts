import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type TransferBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { ledgerKeys } from '../wallet/api';

export function useTransferTerms() {
  return useQuery({
    queryKey: ledgerKeys.transferTerms,
    queryFn: ({ signal }) => api.call(endpoints.transfers.terms, { signal }),
  });
}

/** The receiver's full name, or why they cannot receive. */
export function useReceiver(username: string) {
  return useQuery({
    queryKey: ['ledger', 'receiver', username.toLowerCase()],
    queryFn: ({ signal }) => api.call(endpoints.transfers.receiver, { query: { username }, signal }),
    enabled: username.length >= 3,
    staleTime: 10_000,
  });
}

export const fetchTransferQuote = (body: TransferBody) => api.call(endpoints.transfers.quote, { query: body });

export function useTransfers(query: Record<string, string | number>) {
  return useListQuery(ledgerKeys.transfers, endpoints.transfers.list, query);
}

/** Sends the transfer with the Idempotency-Key of this confirmation. */
export function useSendTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferBody; key: string }) =>
      api.call(endpoints.transfers.create, { body, headers: { 'idempotency-key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

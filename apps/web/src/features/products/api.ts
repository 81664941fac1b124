import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ProductCreate, type RedemptionBody } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { ledgerKeys } from '../wallet/api';

/** Query keys: the catalogue, and redemptions under `ledger` (they move points). */
export const productKeys = {
  all: ['products'] as const,
  catalogue: (query: object) => ['products', 'catalogue', query] as const,
  admin: (query: object) => ['products', 'admin', query] as const,
  redemptions: (query: object) => ['ledger', 'redemptions', query] as const,
  adminRedemptions: (query: object) => ['ledger', 'admin-redemptions', query] as const,
};

export function useCatalogue(query: Record<string, string | number>) {
  return useListQuery(productKeys.catalogue, endpoints.products.list, query);
}

export const fetchRedemptionQuote = (productId: number, quantity: number) =>
  api.call(endpoints.redemptions.quote, { query: { productId, quantity } });

export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RedemptionBody; key: string }) =>
      api.call(endpoints.redemptions.create, { body, headers: { 'idempotency-key': key } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export function useRedemptions(query: Record<string, string | number>) {
  return useListQuery(productKeys.redemptions, endpoints.redemptions.list, query);
}

// ---- admin ------------------------------------------------------------------

export function useAdminProducts(query: Record<string, string | number>) {
  return useListQuery(productKeys.admin, endpoints.products.adminList, query);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ProductCreate }) =>
      id
        ? api.call(endpoints.products.adminUpdate, { params: { id }, body })
        : api.call(endpoints.products.adminCreate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.call(endpoints.products.adminSetImage, { params: { id }, body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useAdminRedemptions(query: Record<string, string | number>) {
  return useListQuery(productKeys.adminRedemptions, endpoints.redemptions.adminList, query);
}

export function useDecideRedemptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision: { action: 'approve'; ids: number[] } | { action: 'reject'; ids: number[]; reason: string; key: string },
    ) =>
      decision.action === 'approve'
        ? api.call(endpoints.redemptions.adminApproveMany, { body: { ids: decision.ids } })
        : api.call(endpoints.redemptions.adminRejectMany, {
            body: { ids: decision.ids, reason: decision.reason },
            headers: { 'idempotency-key': decision.key },
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

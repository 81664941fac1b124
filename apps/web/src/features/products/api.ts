import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page, Product, ProductCreate, ProductPatch, Redemption, RedemptionBody, RedemptionQuote } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQueryByPath } from '../../shared/api/list-query';
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
  return useListQueryByPath<Page<Product>>(productKeys.catalogue, '/products', query);
}

export const fetchRedemptionQuote = (productId: number, quantity: number) =>
  api.get<RedemptionQuote>('/redemptions/quote', { query: { productId, quantity } });

export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RedemptionBody; key: string }) =>
      api.post<Redemption>('/redemptions', body, { headers: { 'Idempotency-Key': key } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export function useRedemptions(query: Record<string, string | number>) {
  return useListQueryByPath<Page<Redemption>>(productKeys.redemptions, '/redemptions', query);
}

// ---- admin ------------------------------------------------------------------

export function useAdminProducts(query: Record<string, string | number>) {
  return useListQueryByPath<Page<Product>>(productKeys.admin, '/admin/products', query);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ProductCreate | ProductPatch }) =>
      id ? api.patch<Product>(`/admin/products/${id}`, body) : api.post<Product>('/admin/products', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.put<Product>(`/admin/products/${id}/image`, form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useAdminRedemptions(query: Record<string, string | number>) {
  return useListQueryByPath<Page<Redemption>>(productKeys.adminRedemptions, '/admin/redemptions', query);
}

export function useDecideRedemptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { action: 'approve'; ids: number[] } | { action: 'reject'; ids: number[]; reason: string; key: string }) =>
      decision.action === 'approve'
        ? api.post<{ items: Redemption[] }>('/admin/redemptions/approve', { ids: decision.ids })
        : api.post<{ items: Redemption[] }>(
            '/admin/redemptions/reject',
            { ids: decision.ids, reason: decision.reason },
            { headers: { 'Idempotency-Key': decision.key } },
          ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type AdminPurchase } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';
import { invalidatePlanAndWallets } from '../packages/api';

export type { AdminPurchase };

export const refundKeys = { purchases: (query: object) => ['plan', 'admin-purchases', query] as const };

export function useAllPurchases(query: Record<string, string | number>) {
  return useListQuery(refundKeys.purchases, endpoints.purchases.adminList, query);
}

/** An admin's refund of any purchase, with a reason (docs/plan.md, "Cancellations and refunds"). */
export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, reason, key }: { purchaseId: number; reason: string; key: string }) =>
      api.call(endpoints.refunds.refund, {
        params: { id: purchaseId },
        body: { reason },
        headers: { 'idempotency-key': key },
      }),
    onSettled: () => invalidatePlanAndWallets(queryClient),
  });
}

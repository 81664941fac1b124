import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { ledgerKeys } from '../wallet/api';

/**
 * The member dashboard's one request (`GET /api/dashboard`). Its key lies
 * under the ledger's, so every money movement that refreshes the wallets
 * refreshes it too.
 */
export const memberDashboardKey = [...ledgerKeys.all, 'dashboard'] as const;

export const useMemberDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: memberDashboardKey,
    queryFn: ({ signal }) => api.call(endpoints.dashboard.member, { signal }),
    enabled,
  });

import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';

/** The audit chain as last verified: a watermark the server keeps, one row to read (docs/decisions/0054-audit-chain.md). */
export const useAuditVerification = () =>
  useQuery({
    queryKey: ['admin', 'audit', 'verification'],
    queryFn: ({ signal }) => api.call(endpoints.audit.verification, { signal }),
    // The server checks new entries every 15 seconds.
    refetchInterval: 30_000,
  });

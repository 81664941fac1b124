import { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '../session/session';
import { isApiError } from './errors';

/** No retry on a 4xx answer (it would fail the same way); at most one retry otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** TanStack Query's client, emptied whenever the session ends. */
export function createQueryClient(session: SessionStore): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  session.onLogout(() => client.clear());
  return client;
}

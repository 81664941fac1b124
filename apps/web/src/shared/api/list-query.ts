import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { QueryValue } from './client';
import { api } from './instance';

/**
 * One page of a list from the API (`T` is the answer, usually `Page<Row>`):
 * the list's query (page, sort, filters) is sent as it is, and the page on
 * screen stays while the next one loads, so paging or filtering never
 * flashes an empty table. `keyOf` is the list's key factory (its feature's
 * keys, which mutations invalidate); it is given the same query that is
 * sent, so the cached page always belongs to the query it was fetched with.
 */
export function useListQuery<T, Q extends Record<string, QueryValue> = Record<string, QueryValue>>(
  keyOf: (query: Q) => QueryKey,
  path: string,
  query: Q,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: keyOf(query),
    queryFn: ({ signal }) => api.get<T>(path, { query, signal }),
    placeholderData: keepPreviousData,
    ...options,
  });
}

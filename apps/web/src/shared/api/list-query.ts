import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { QueryValue } from './client';
import { api } from './instance';

/**
 * One page of a list from the API (`T` is the answer, usually `Page<Row>`):
 * the list's query (page, sort, filters) is sent as it is, and the page on
 * screen stays while the next one loads, so paging or filtering never
 * flashes an empty table.
 */
export function useListQuery<T>(
  queryKey: QueryKey,
  path: string,
  query: Record<string, QueryValue>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, { query, signal }),
    placeholderData: keepPreviousData,
    ...options,
  });
}

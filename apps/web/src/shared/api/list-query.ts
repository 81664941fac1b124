import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Endpoint, EndpointAnswer } from '@portal/contract';
import type { CallOptions, QueryValue } from './client';
import { api } from './instance';

/**
 * One page of a list endpoint (its answer is usually `Page<Row>`): the list's
 * query (page, sort, filters) is sent as it is, and the page on screen stays
 * while the next one loads, so paging or filtering never flashes an empty
 * table. `keyOf` is the list's key factory (its feature's keys, which
 * mutations invalidate); it is given the same query that is sent, so the
 * cached page always belongs to the query it was fetched with.
 */
export function useListQuery<E extends Endpoint, Q extends Record<string, QueryValue> = Record<string, QueryValue>>(
  keyOf: (query: Q) => QueryKey,
  endpoint: E,
  query: Q,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: keyOf(query),
    // The query comes from the page's URL as strings (apps/web/src/shared/list-params.ts),
    // not from the endpoint's schema: the API checks it and answers a 400 naming what is wrong.
    queryFn: ({ signal }): Promise<EndpointAnswer<E>> =>
      api.call(endpoint, { query, signal } as unknown as CallOptions<E>),
    placeholderData: keepPreviousData,
    ...options,
  });
}

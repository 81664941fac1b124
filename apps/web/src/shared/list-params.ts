import { useCallback, useMemo } from 'react';
import type { Page } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { isSessionEnded } from './api/errors';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface ListParams<F extends string> {
  page: number;
  pageSize: number;
  sort: string;
  filters: Record<F, string>;
  /** What the API takes: page, pageSize, sort and the filters that are set. */
  query: Record<string, string | number>;
  /** Changes some of it; any change but the page itself goes back to page 1. */
  update: (changes: Partial<{ page: number; pageSize: number; sort: string } & Record<F, string>>) => void;
  reset(): void;
}

/**
 * A list's page, sort and filters, kept in the URL (UI.md): a view can be
 * shared, reloaded, and Back goes to the previous one.
 */
export function useListParams<F extends string>(options: {
  filters: readonly F[];
  defaultSort: string;
  defaultPageSize?: number;
}): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const { filters: names, defaultSort } = options;
  const defaultPageSize = options.defaultPageSize ?? 20;

  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  const sizeParam = Math.floor(Number(params.get('pageSize') ?? defaultPageSize));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : defaultPageSize;
  const sort = params.get('sort') || defaultSort;
  const key = params.toString();

  const filters = useMemo(() => {
    const values = {} as Record<F, string>;
    for (const name of names) values[name] = params.get(name) ?? '';
    return values;
  }, [key, names.join(',')]);

  const query = useMemo(() => {
    const q: Record<string, string | number> = { page, pageSize, sort };
    for (const name of names) if (filters[name]) q[name] = filters[name];
    return q;
  }, [page, pageSize, sort, filters]);

  const update = useCallback<ListParams<F>['update']>(
    (changes) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          const text = value === undefined || value === null ? '' : String(value);
          if (!text) next.delete(name);
          else next.set(name, text);
        }
        if (!('page' in changes)) next.delete('page');
        if (next.get('page') === '1') next.delete('page');
        if (next.get('sort') === defaultSort) next.delete('sort');
        if (next.get('pageSize') === String(defaultPageSize)) next.delete('pageSize');
        return next;
      });
    },
    [setParams, defaultSort, defaultPageSize],
  );

  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { page, pageSize, sort, filters, query, update, reset };
}

/** A filter control's `value` and `onChange`, bound to the list's URL state. */
export function filterProps<F extends string>(list: ListParams<F>, name: F) {
  return {
    value: list.filters[name],
    onChange: (value: string) => list.update({ [name]: value } as Parameters<ListParams<F>['update']>[0]),
  };
}

export interface ListQueryResult<T> {
  /** The contract's page; only its rows and total are read here. */
  data?: Pick<Page<T>, 'items' | 'total'>;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The DataTable props that come from a list's URL state and its query:
 * rows, paging, sorting, loading and error (an ended session shows nothing,
 * its toast was already shown).
 */
export function tableState<T, F extends string>(list: ListParams<F>, result: ListQueryResult<T>) {
  return {
    rows: result.data?.items,
    total: result.data?.total,
    page: list.page,
    pageSize: list.pageSize,
    sort: list.sort,
    onSort: (sort: string) => list.update({ sort } as Parameters<ListParams<F>['update']>[0]),
    onPage: (page: number) => list.update({ page } as Parameters<ListParams<F>['update']>[0]),
    onPageSize: (pageSize: number) => list.update({ pageSize } as Parameters<ListParams<F>['update']>[0]),
    loading: result.isPending,
    fetching: result.isFetching,
    error: result.isError && !isSessionEnded(result.error) ? result.error : undefined,
    onRetry: () => void result.refetch(),
  };
}

import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { tableState, type ListParams, type ListQueryResult } from '../list-params';
import { DataTable, type DataTableProps } from './DataTable';
import { DayRangeFilter, FilterBar } from './ListFilters';

/** The DataTable props that `tableState` fills from the list and its query. */
type ListStateProps = keyof ReturnType<typeof tableState>;

type RowKey<T> = DataTableProps<T>['rowKey'];

/** A row is known by its `id` unless the page says otherwise. */
type RowKeyProps<T> = [T] extends [{ id: string | number }] ? { rowKey?: RowKey<T> } : { rowKey: RowKey<T> };

export type ListCardProps<T, F extends string> = Omit<DataTableProps<T>, ListStateProps | 'rowKey'> &
  Partial<Pick<DataTableProps<T>, ListStateProps>> &
  RowKeyProps<T> & {
    /** The card's heading and the line under it. */
    title: string;
    subheader?: ReactNode;
    /** Beside the title (CSV export, an add button); wraps below it on a narrow screen. */
    action?: ReactNode;
    /** Above the filters: what holds for the whole list (two-factor, the chain's state). */
    notice?: ReactNode;
    /** The filter controls, bound to `list` (`filterProps`); without them (and `dayRange`), no filter bar. */
    filters?: ReactNode;
    /** The From and To days after the other filters, for a list whose filters have `from` and `to`. */
    dayRange?: 'from' | 'to' extends F ? boolean : never;
    /** Between the filters and the table: a selection bar, a total, a note on what is shown. */
    children?: ReactNode;
    /** Below the table. */
    footer?: ReactNode;
    /** The list's URL state and its query: rows, paging, sorting, loading and error. */
    list: ListParams<F>;
    result: ListQueryResult<T>;
  };

const byId = (row: unknown) => (row as { id: string | number }).id;

/**
 * A list page's card: its heading, its filters and its server-side table, one
 * way for every list (UI.md). The table props a page gives win over what
 * `tableState` makes of `list` and `result` (a capped total, no sort).
 */
export function ListCard<T, F extends string>(props: ListCardProps<T, F>) {
  const { title, subheader, action, notice, filters, dayRange, children, footer, list, result, ...table } = props;
  // `dayRange` is only allowed where F has `from` and `to` (its type above).
  const days = list as unknown as ListParams<'from' | 'to'>;
  return (
    <Card>
      <CardHeader title={title} subheader={subheader} action={action} sx={{ flexWrap: 'wrap', gap: 2 }} />
      {notice}
      {(filters || dayRange) && (
        <FilterBar>
          {filters}
          {dayRange && <DayRangeFilter filters={days.filters} update={days.update} />}
        </FilterBar>
      )}
      {children}
      <DataTable {...tableState(list, result)} {...table} rowKey={table.rowKey ?? byId} />
      {footer}
    </Card>
  );
}

import { DataTable, type DataTableProps } from './DataTable';

const stay = () => undefined;

/**
 * A DataTable of every row it is given, without paging: a short list the API
 * answers whole (the sessions of an account, a disclosure's percentiles).
 */
export function WholeTable<T>(
  props: Omit<DataTableProps<T>, 'total' | 'page' | 'pageSize' | 'onPage' | 'onPageSize' | 'hidePagination'>,
) {
  const count = props.rows?.length;
  return (
    <DataTable
      {...props}
      total={count}
      page={1}
      pageSize={Math.max(count ?? 0, 1)}
      onPage={stay}
      onPageSize={stay}
      hidePagination
    />
  );
}

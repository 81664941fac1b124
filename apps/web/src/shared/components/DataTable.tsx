import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../api/errors';
import { PAGE_SIZES } from '../list-params';

export interface Column<T> {
  id: string;
  label: string;
  /** The API's sort field, when the column can be sorted. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  minWidth?: number;
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology and tests. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  rowKey: (row: T) => string | number;
  page: number;
  pageSize: number;
  /** `field` or `-field`. */
  sort?: string;
  onSort?: (sort: string) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  loading: boolean;
  /** Refetching with earlier rows still shown. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty: string;
  onRowClick?: (row: T) => void;
  /** A short preview (e.g. the dashboard's latest five) without paging. */
  hidePagination?: boolean;
}

/**
 * A server-side list: the page, the sort and the filters live in the URL
 * and the API does the work. Scrolls sideways on a narrow screen rather
 * than overflowing the page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, sort, onSort, loading, fetching, error } = props;
  const sortField = sort?.replace(/^-/, '');
  const descending = sort?.startsWith('-') ?? false;

  return (
    <Box sx={{ position: 'relative' }}>
      {fetching && !loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
      {error ? (
        <Alert
          severity="error"
          sx={{ m: 5 }}
          action={
            props.onRetry && (
              <Button color="inherit" size="small" onClick={props.onRetry}>
                Try again
              </Button>
            )
          }
        >
          {errorMessage(error, 'The list could not be loaded.')}
        </Alert>
      ) : (
        <TableContainer>
          <Table aria-label={props.label} size="medium">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={{ minWidth: column.minWidth, whiteSpace: 'nowrap' }}
                    sortDirection={
                      column.sortField && column.sortField === sortField ? (descending ? 'desc' : 'asc') : false
                    }
                  >
                    {column.sortField && onSort ? (
                      <TableSortLabel
                        active={column.sortField === sortField}
                        direction={column.sortField === sortField && descending ? 'desc' : 'asc'}
                        onClick={() =>
                          onSort(
                            column.sortField === sortField && !descending ? `-${column.sortField}` : column.sortField!,
                          )
                        }
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading
                ? Array.from({ length: 3 }, (_, i) => (
                    <TableRow key={`loading-${i}`}>
                      {columns.map((column) => (
                        <TableCell key={column.id}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : rows?.map((row) => (
                    <TableRow
                      key={props.rowKey(row)}
                      hover={!!props.onRowClick}
                      onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                      sx={props.onRowClick ? { cursor: 'pointer' } : undefined}
                    >
                      {columns.map((column) => (
                        <TableCell key={column.id} align={column.align} sx={{ minWidth: column.minWidth }}>
                          {column.render(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
              {!loading && rows?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length}>
                    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
                      {props.empty}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!props.hidePagination && (
        <TablePagination
          component="div"
          count={props.total ?? 0}
          page={Math.max(0, props.page - 1)}
          rowsPerPage={props.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_event, page) => props.onPage(page + 1)}
          onRowsPerPageChange={(event) => props.onPageSize(Number(event.target.value))}
        />
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '../../visually-hidden';
import { cellSx } from './styles';
import type { DataTableProps } from './types';
import type { ColumnLayout } from './useColumnLayout';

/** The column heads; a sortable one sorts by its field, ascending first, descending on the second click. */
export function HeaderRow<T>({ table, layout }: { table: DataTableProps<T>; layout: ColumnLayout<T> }) {
  const { sort, onSort, stackOnPhone } = table;
  const sortField = sort?.replace(/^-/, '');
  const descending = sort?.startsWith('-') ?? false;
  return (
    <TableHead>
      <TableRow>
        {layout.details && (
          <TableCell padding="checkbox" sx={layout.detailsCell}>
            <Box component="span" sx={visuallyHidden}>
              Details
            </Box>
          </TableCell>
        )}
        {layout.columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align}
            data-pinned={column.pinned || undefined}
            sx={cellSx(column, false, stackOnPhone)}
            sortDirection={column.sortField && column.sortField === sortField ? (descending ? 'desc' : 'asc') : false}
          >
            {column.sortField && onSort ? (
              <TableSortLabel
                active={column.sortField === sortField}
                direction={column.sortField === sortField && descending ? 'desc' : 'asc'}
                onClick={() =>
                  onSort(column.sortField === sortField && !descending ? `-${column.sortField}` : column.sortField!)
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
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import { FactList, type Fact } from '../FactList';
import { cellSx } from './styles';
import type { Column, DataTableProps } from './types';
import type { ColumnLayout } from './useColumnLayout';

interface BodyProps<T> {
  table: DataTableProps<T>;
  layout: ColumnLayout<T>;
  /** The keys of the rows whose details are open. */
  expanded: ReadonlySet<string | number>;
  toggle: (key: string | number) => void;
}

/** The list's rows: three placeholders while it loads, then a row each (and its details when open), or the empty text. */
export function BodyRows<T>({ table, layout, expanded, toggle }: BodyProps<T>) {
  const { loading, rows, stackOnPhone } = table;
  return (
    <TableBody>
      {loading
        ? Array.from({ length: 3 }, (_, i) => (
            <TableRow key={`loading-${i}`}>
              {layout.details && <TableCell padding="checkbox" sx={layout.detailsCell} />}
              {layout.columns.map((column) => (
                <TableCell key={column.id} sx={cellSx(column, true, stackOnPhone)}>
                  <Skeleton variant="text" />
                </TableCell>
              ))}
            </TableRow>
          ))
        : rows?.map((row) => {
            const key = table.rowKey(row);
            return (
              <BodyRow
                key={key}
                row={row}
                rowKey={key}
                table={table}
                layout={layout}
                open={expanded.has(key)}
                toggle={() => toggle(key)}
              />
            );
          })}
      {!loading && rows?.length === 0 && (
        <TableRow>
          <TableCell colSpan={layout.span} data-empty>
            {/* Where the eye is on a phone (the left, not the middle of a wide table); centred on a desktop. */}
            <Typography color="text.secondary" sx={{ py: 6, textAlign: { xs: 'left', sm: 'center' } }}>
              {table.empty}
            </Typography>
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}

interface BodyRowProps<T> {
  row: T;
  rowKey: string | number;
  table: DataTableProps<T>;
  layout: ColumnLayout<T>;
  open: boolean;
  toggle: () => void;
}

/** One row, with its details button first when it has details, and the details below it when open. */
function BodyRow<T>({ row, rowKey, table, layout, open, toggle }: BodyRowProps<T>) {
  const { onRowClick, stackOnPhone } = table;
  const { details, detailsCell } = layout;
  const panelId = `${table.label.replace(/\W+/g, '-')}-row-${rowKey}`;
  return (
    <>
      <TableRow
        hover={!!onRowClick}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        sx={{
          ...(onRowClick && { cursor: 'pointer' }),
          ...(open && { '& > td': { borderBottom: 'unset' } }),
        }}
        data-testid={table.rowTestId?.(row)}
      >
        {details && (
          <TableCell padding="checkbox" sx={detailsCell}>
            <IconButton
              size="small"
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              aria-label={table.expansionLabel?.(row) ?? 'Details'}
              onClick={(event) => {
                event.stopPropagation();
                toggle();
              }}
            >
              {open ? <KeyboardArrowDownOutlined /> : <KeyboardArrowRightOutlined />}
            </IconButton>
          </TableCell>
        )}
        {layout.columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align}
            data-label={stackOnPhone ? column.label : undefined}
            data-pinned={column.pinned || undefined}
            sx={cellSx(column, true, stackOnPhone)}
          >
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
      {details && open && (
        <TableRow sx={layout.detailsEverywhere ? undefined : { display: { sm: 'none' } }}>
          <TableCell id={panelId} colSpan={layout.span}>
            <RowDetails row={row} hidden={layout.hidden} phoneOnly={layout.phoneOnly}>
              {table.renderExpansion?.(row)}
            </RowDetails>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * A row's details: the columns chosen away (as label and value), on a phone the secondary columns the row hides
 * there, then what the page adds (`renderExpansion`).
 */
function RowDetails<T>({
  row,
  hidden,
  phoneOnly,
  children,
}: {
  row: T;
  hidden: Column<T>[];
  phoneOnly: Column<T>[];
  children: ReactNode;
}) {
  const facts = (columns: Column<T>[]) => columns.map((column): Fact => [column.label, column.render(row)]);
  return (
    <Box sx={{ display: 'grid', gap: 4, py: 1 }}>
      {hidden.length > 0 && <FactList facts={facts(hidden)} columns={{ xs: 1, sm: 2, md: 3, lg: 4 }} />}
      {phoneOnly.length > 0 && (
        <FactList facts={facts(phoneOnly)} columns={{ xs: 1 }} sx={{ display: { xs: 'grid', sm: 'none' } }} />
      )}
      {children}
    </Box>
  );
}

import { Fragment, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
import type { Theme } from '@mui/material/styles';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import { errorMessage } from '../api/errors';
import { PAGE_SIZES } from '../list-params';
import { formatCount } from '../format';
import { visuallyHidden } from '../visually-hidden';

export interface Column<T> {
  id: string;
  label: string;
  /** The API's sort field, when the column can be sorted. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  minWidth?: number;
  /** Hidden on a phone (below 600 px) so the list fits; the row's own page or dialog still shows it. */
  secondary?: boolean;
  render: (row: T) => ReactNode;
}

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Whether the element scrolls sideways, kept up to date as it resizes. The
 * table then says so (a hint and a fading edge) and takes keyboard focus so
 * that it can be scrolled without a mouse.
 */
function useOverflowsX(ref: RefObject<HTMLElement | null>, deps: unknown[]): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, deps);
  return overflows;
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
  /**
   * What a row shows when opened (raw data, postings…): each row gets a
   * disclosure button in a first column, and the content opens below it.
   */
  renderExpansion?: (row: T) => ReactNode;
  /** Names a row's disclosure button for assistive technology ("Raw data of entry 12"). */
  expansionLabel?: (row: T) => string;
  /** A test id per row (e.g. `downline-row-<username>`), for browser tests. */
  rowTestId?: (row: T) => string;
  /** `total` is a lower bound (a count that stops at a limit): paging says "of 10,000+". */
  totalIsLowerBound?: boolean;
  /**
   * On a phone (below 600 px) each row is a block of "label: value" lines instead of a wide row, so the amount
   * and the status are in view without scrolling sideways: the lists people use on a phone (histories, approvals).
   */
  stackOnPhone?: boolean;
}

/**
 * The stacked look (`stackOnPhone`), in CSS only so that the table stays a table for assistive technology and
 * tests: below `sm` the header row is visually hidden, rows become blocks and each cell a line headed by its
 * column's label (`data-label`).
 */
const stacked = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': visuallyHidden,
    '& tbody tr': { display: 'block', borderBottom: `1px solid ${theme.palette.divider}`, py: 2 },
    '& tbody td': {
      display: 'flex',
      // The label first, the value at the end, whatever the column's alignment (MUI reverses right-aligned cells).
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: 3,
      border: 0,
      py: 0.75,
      px: 4,
      textAlign: 'right',
      minWidth: 0,
      overflowWrap: 'anywhere',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      color: theme.palette.text.secondary,
      fontWeight: 500,
      textAlign: 'left',
      flexShrink: 0,
    },
    '& tbody td[data-empty]': { display: 'block', textAlign: 'left' },
  },
});

/**
 * A server-side list: the page, the sort and the filters live in the URL
 * and the API does the work. Scrolls sideways on a narrow screen rather
 * than overflowing the page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, sort, onSort, loading, fetching, error } = props;
  const sortField = sort?.replace(/^-/, '');
  const descending = sort?.startsWith('-') ?? false;
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(scroller, [rows, loading, error, columns.length]);
  const { renderExpansion } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const toggle = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const span = columns.length + (renderExpansion ? 1 : 0);

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
        <>
          <TableContainer
            ref={scroller}
            // Always focusable: a table that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
            role="region"
            aria-label={overflows ? `${props.label}, scrolls sideways` : props.label}
            data-overflows={overflows || undefined}
            sx={(theme) => ({
              overflowX: 'auto',
              '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
              ...(overflows && {
                // A fading right edge says there is more to the side.
                backgroundImage: `linear-gradient(to left, ${theme.palette.action.selected}, transparent 24px)`,
                backgroundAttachment: 'local, scroll',
                backgroundRepeat: 'no-repeat',
                backgroundPosition: 'right',
                backgroundSize: '24px 100%',
              }),
            })}
          >
            <Table aria-label={props.label} size="medium" sx={props.stackOnPhone ? stacked : undefined}>
              <TableHead>
                <TableRow>
                  {renderExpansion && (
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        Details
                      </Box>
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={{
                        minWidth: column.minWidth,
                        whiteSpace: 'nowrap',
                        ...(column.secondary && !props.stackOnPhone && hideOnPhone),
                      }}
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
                              column.sortField === sortField && !descending
                                ? `-${column.sortField}`
                                : column.sortField!,
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
                        {renderExpansion && <TableCell padding="checkbox" />}
                        {columns.map((column) => (
                          <TableCell
                            key={column.id}
                            sx={column.secondary && !props.stackOnPhone ? hideOnPhone : undefined}
                          >
                            <Skeleton variant="text" />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : rows?.map((row) => {
                      const key = props.rowKey(row);
                      const open = expanded.has(key);
                      const panelId = `${props.label.replace(/\W+/g, '-')}-row-${key}`;
                      return (
                        <Fragment key={key}>
                          <TableRow
                            hover={!!props.onRowClick}
                            onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                            sx={{
                              ...(props.onRowClick && { cursor: 'pointer' }),
                              ...(open && { '& > td': { borderBottom: 'unset' } }),
                            }}
                            data-testid={props.rowTestId?.(row)}
                          >
                            {renderExpansion && (
                              <TableCell padding="checkbox">
                                <IconButton
                                  size="small"
                                  aria-expanded={open}
                                  aria-controls={open ? panelId : undefined}
                                  aria-label={props.expansionLabel?.(row) ?? 'Details'}
                                  onClick={(event) => {
                                    event.stopPropagation();
                                    toggle(key);
                                  }}
                                >
                                  {open ? <KeyboardArrowDownOutlined /> : <KeyboardArrowRightOutlined />}
                                </IconButton>
                              </TableCell>
                            )}
                            {columns.map((column) => (
                              <TableCell
                                key={column.id}
                                align={column.align}
                                data-label={props.stackOnPhone ? column.label : undefined}
                                sx={{
                                  minWidth: column.minWidth,
                                  // Stacked, a secondary column is one more line: nothing is hidden.
                                  ...(column.secondary && !props.stackOnPhone && hideOnPhone),
                                  ...(props.stackOnPhone && { minWidth: { xs: 0, sm: column.minWidth } }),
                                }}
                              >
                                {column.render(row)}
                              </TableCell>
                            ))}
                          </TableRow>
                          {renderExpansion && open && (
                            <TableRow>
                              <TableCell id={panelId} colSpan={span}>
                                {renderExpansion(row)}
                              </TableCell>
                            </TableRow>
                          )}
                        </Fragment>
                      );
                    })}
                {!loading && rows?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={span} data-empty>
                      {/* Where the eye is on a phone (the left, not the middle of a wide table); centred on a desktop. */}
                      <Typography color="text.secondary" sx={{ py: 6, textAlign: { xs: 'left', sm: 'center' } }}>
                        {props.empty}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {overflows && (
            <Typography variant="caption" component="p" color="text.secondary" sx={{ px: 5, pt: 1 }} aria-hidden="true">
              Scroll sideways for more columns →
            </Typography>
          )}
        </>
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
          {...(props.totalIsLowerBound && {
            labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
              `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}+`,
          })}
        />
      )}
    </Box>
  );
}

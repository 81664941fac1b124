import { Fragment, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
import type { SxProps, Theme } from '@mui/material/styles';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { errorMessage } from '../api/errors';
import { PAGE_SIZES } from '../list-params';
import { formatCount } from '../format';
import { isShown, useColumnChoice } from '../column-choice';
import { FactList, type Fact } from './FactList';
import { visuallyHidden } from '../visually-hidden';

export interface Column<T> {
  id: string;
  label: string;
  /** The API's sort field, when the column can be sorted. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  minWidth?: number;
  /**
   * Hidden on a phone (below 600 px) so the list fits, and shown there in the row's details instead (a stacked
   * list keeps it as one more line). In a list with a column chooser (`columnChooser`) it also starts hidden on a
   * desktop, in the row's details, until chosen.
   */
  secondary?: boolean;
  /** The row's actions: pinned to the row's end (sticky), in view however wide the list; never hidden. */
  pinned?: boolean;
  render: (row: T) => ReactNode;
}

/** One style of the `sx` array (an object or a function of the theme). */
type Style = Exclude<SxProps<Theme>, ReadonlyArray<unknown>>;

const hideOnPhone: Style = { display: { xs: 'none', sm: 'table-cell' } };
const onlyOnPhone: Style = { display: { xs: 'table-cell', sm: 'none' } };

/**
 * A pinned column (`pinned`): sticky at the row's end, on the paper's colour in either theme so that the columns
 * scrolled beneath it do not show through, with a rule on its left while the list scrolls sideways. A stacked
 * list on a phone is not sticky: its rows are blocks.
 */
const pinnedCell =
  (stacked: boolean, body: boolean): Style =>
  (theme: Theme) => ({
    [stacked ? theme.breakpoints.up('sm') : '&']: { position: 'sticky', right: 0, zIndex: 1 },
    ...(body && {
      backgroundColor: theme.palette.background.paper,
      // The row's hover tint over the paper (a plain colour would hide it).
      '.MuiTableRow-hover:hover > &': {
        backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
      },
    }),
    '[data-overflows] &': { boxShadow: `inset 1px 0 0 ${theme.palette.divider}` },
  });

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
  /**
   * A wide list: a "Columns" menu above it lets the person choose the columns shown (kept per list under this
   * name in localStorage, `shared/column-choice.ts`); `secondary` columns start hidden. A hidden column is shown in
   * the row's details, so nothing is out of reach; pinned and unlabelled columns (actions, selection) always show.
   */
  columnChooser?: string;
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
    // The row's details button and an unlabelled cell (a selection box) share the row's first line.
    "& tbody td:not([data-label]):not([data-empty]), & tbody td[data-label='']": {
      display: 'inline-flex',
      width: 'auto',
      px: 2,
      '&:first-of-type': { pl: 4 },
    },
  },
});

/**
 * A server-side list: the page, the sort and the filters live in the URL
 * and the API does the work. Scrolls sideways on a narrow screen rather
 * than overflowing the page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns: allColumns, rows, sort, onSort, loading, fetching, error, stackOnPhone } = props;
  const sortField = sort?.replace(/^-/, '');
  const descending = sort?.startsWith('-') ?? false;
  const scroller = useRef<HTMLDivElement>(null);
  const { choice, choose } = useColumnChoice(props.columnChooser);
  const alwaysShown = (column: Column<T>) => column.pinned || !column.label;
  const choosable = props.columnChooser ? allColumns.filter((column) => !alwaysShown(column)) : [];
  const columns = props.columnChooser
    ? allColumns.filter((column) => alwaysShown(column) || isShown(choice, column))
    : allColumns;
  // What the row's details show: the columns chosen away, and on a phone the secondary columns a list that does
  // not stack hides there.
  const hidden = allColumns.filter((column) => !columns.includes(column));
  const phoneOnly = stackOnPhone ? [] : columns.filter((column) => column.secondary);
  const { renderExpansion } = props;
  const detailsEverywhere = !!renderExpansion || hidden.length > 0;
  const details = detailsEverywhere || phoneOnly.length > 0;
  const detailsCell = detailsEverywhere ? undefined : onlyOnPhone;
  const overflows = useOverflowsX(scroller, [rows, loading, error, columns.length]);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const [chooserAnchor, setChooserAnchor] = useState<HTMLElement | null>(null);
  const toggle = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const span = columns.length + (details ? 1 : 0);
  const cellSx = (column: Column<T>, body: boolean): SxProps<Theme> => [
    { minWidth: column.minWidth },
    !body && { whiteSpace: 'nowrap' },
    !!column.secondary && !stackOnPhone && hideOnPhone,
    // Stacked, a secondary column is one more line: nothing is hidden.
    body && !!stackOnPhone && { minWidth: { xs: 0, sm: column.minWidth } },
    !!column.pinned && pinnedCell(!!stackOnPhone, body),
  ];
  const chooserId = `${props.label.replace(/\W+/g, '-')}-columns`;

  return (
    <Box sx={{ position: 'relative' }}>
      {fetching && !loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
      {choosable.length > 0 && (
        // On a phone the list shows its key columns and the details the rest: no choice to make there.
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, justifyContent: 'flex-end', px: 5, pb: 2 }}>
          <Button
            size="small"
            startIcon={<ViewColumnOutlined />}
            aria-haspopup="true"
            aria-expanded={!!chooserAnchor}
            aria-controls={chooserAnchor ? chooserId : undefined}
            onClick={(event) => setChooserAnchor(event.currentTarget)}
          >
            {hidden.length > 0 ? `Columns (${formatCount(hidden.length)} in details)` : 'Columns'}
          </Button>
          <Menu
            id={chooserId}
            anchorEl={chooserAnchor}
            open={!!chooserAnchor}
            onClose={() => setChooserAnchor(null)}
            slotProps={{ list: { 'aria-label': `Columns of ${props.label}`, dense: true } }}
          >
            {choosable.map((column) => {
              const shown = columns.includes(column);
              return (
                <MenuItem
                  key={column.id}
                  role="menuitemcheckbox"
                  aria-checked={shown}
                  onClick={() => choose(column.id, !shown)}
                >
                  <Checkbox
                    size="small"
                    edge="start"
                    checked={shown}
                    tabIndex={-1}
                    disableRipple
                    slotProps={{ input: { 'aria-hidden': true } }}
                    sx={{ py: 0 }}
                  />
                  {column.label}
                </MenuItem>
              );
            })}
          </Menu>
        </Box>
      )}
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
            <Table
              aria-label={props.label}
              size="medium"
              sx={stackOnPhone ? stacked : undefined}
              // For the browser tour's checks (e2e/support/tour.ts): this list stacks on a phone, these are its actions.
              data-stack-on-phone={stackOnPhone || undefined}
            >
              <TableHead>
                <TableRow>
                  {details && (
                    <TableCell padding="checkbox" sx={detailsCell}>
                      <Box component="span" sx={visuallyHidden}>
                        Details
                      </Box>
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      data-pinned={column.pinned || undefined}
                      sx={cellSx(column, false)}
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
                        {details && <TableCell padding="checkbox" sx={detailsCell} />}
                        {columns.map((column) => (
                          <TableCell key={column.id} sx={cellSx(column, true)}>
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
                            {details && (
                              <TableCell padding="checkbox" sx={detailsCell}>
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
                                data-label={stackOnPhone ? column.label : undefined}
                                data-pinned={column.pinned || undefined}
                                sx={cellSx(column, true)}
                              >
                                {column.render(row)}
                              </TableCell>
                            ))}
                          </TableRow>
                          {details && open && (
                            <TableRow sx={detailsEverywhere ? undefined : { display: { sm: 'none' } }}>
                              <TableCell id={panelId} colSpan={span}>
                                <RowDetails row={row} hidden={hidden} phoneOnly={phoneOnly}>
                                  {renderExpansion?.(row)}
                                </RowDetails>
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

import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../api/errors';
import { PAGE_SIZES } from '../list-params';
import { formatCount } from '../format';
import { BodyRows } from './data-table/BodyRows';
import { ColumnChooser } from './data-table/ColumnChooser';
import { HeaderRow } from './data-table/HeaderRow';
import { stacked } from './data-table/styles';
import type { DataTableProps } from './data-table/types';
import { useColumnLayout } from './data-table/useColumnLayout';
import { useOverflowsX } from './data-table/useOverflowsX';

// The parts live in ./data-table/; the pages import the table and its types from here.
export type { Column, DataTableProps } from './data-table/types';

/**
 * A server-side list: the page, the sort and the filters live in the URL
 * and the API does the work. Scrolls sideways on a narrow screen rather
 * than overflowing the page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, loading, fetching, error, stackOnPhone } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const layout = useColumnLayout(props);
  const overflows = useOverflowsX(scroller, [rows, loading, error, layout.columns.length]);
  const { expanded, toggle } = useExpandedRows();

  return (
    <Box sx={{ position: 'relative' }}>
      {fetching && !loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
      {layout.choosable.length > 0 && <ColumnChooser label={props.label} layout={layout} />}
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
              <HeaderRow table={props} layout={layout} />
              <BodyRows table={props} layout={layout} expanded={expanded} toggle={toggle} />
            </Table>
          </TableContainer>
          {overflows && (
            <Typography variant="caption" component="p" color="text.secondary" sx={{ px: 5, pt: 1 }} aria-hidden="true">
              Scroll sideways for more columns →
            </Typography>
          )}
        </>
      )}
      {!props.hidePagination && <Pagination {...props} />}
    </Box>
  );
}

/** The rows whose details are open, by key: kept by the table, not its body, so that they stay open across a failed load. */
function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const toggle = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return { expanded, toggle };
}

function Pagination<T>({ total, page, pageSize, onPage, onPageSize, totalIsLowerBound }: DataTableProps<T>) {
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      {...(totalIsLowerBound && {
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}+`,
      })}
    />
  );
}

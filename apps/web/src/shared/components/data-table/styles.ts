import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '../../visually-hidden';
import type { Column } from './types';

/** One style of the `sx` array (an object or a function of the theme). */
type Style = Exclude<SxProps<Theme>, ReadonlyArray<unknown>>;

const hideOnPhone: Style = { display: { xs: 'none', sm: 'table-cell' } };
export const onlyOnPhone: Style = { display: { xs: 'table-cell', sm: 'none' } };

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
 * The stacked look (`stackOnPhone`), in CSS only so that the table stays a table for assistive technology and
 * tests: below `sm` the header row is visually hidden, rows become blocks and each cell a line headed by its
 * column's label (`data-label`).
 */
export const stacked = (theme: Theme) => ({
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

/** A cell's look, in the head (`body` false) or the body: its width, and how it hides, stacks or stays pinned. */
export const cellSx = <T>(column: Column<T>, body: boolean, stackOnPhone: boolean | undefined): SxProps<Theme> => [
  { minWidth: column.minWidth },
  !body && { whiteSpace: 'nowrap' },
  !!column.secondary && !stackOnPhone && hideOnPhone,
  // Stacked, a secondary column is one more line: nothing is hidden.
  body && !!stackOnPhone && { minWidth: { xs: 0, sm: column.minWidth } },
  !!column.pinned && pinnedCell(!!stackOnPhone, body),
];

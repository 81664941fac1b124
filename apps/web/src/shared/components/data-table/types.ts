import type { ReactNode } from 'react';

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

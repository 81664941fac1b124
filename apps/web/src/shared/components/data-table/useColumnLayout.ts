import type { SxProps, Theme } from '@mui/material/styles';
import { isShown, useColumnChoice } from '../../column-choice';
import { onlyOnPhone } from './styles';
import type { Column, DataTableProps } from './types';

/** Which columns a list shows, which it leaves to the row's details, and whether its rows have details at all. */
export interface ColumnLayout<T> {
  /** The columns shown as columns. */
  columns: Column<T>[];
  /** The columns the person may choose (none without a column chooser). */
  choosable: Column<T>[];
  choose: (id: string, shown: boolean) => void;
  /** The columns chosen away: shown in the row's details. */
  hidden: Column<T>[];
  /** The secondary columns a list that does not stack hides on a phone: in the row's details there. */
  phoneOnly: Column<T>[];
  /** Whether rows have details on every screen (an expansion, columns chosen away) rather than on a phone only. */
  detailsEverywhere: boolean;
  /** Whether rows have a details button at all. */
  details: boolean;
  /** The look of the details button's column: everywhere, or only on a phone. */
  detailsCell: SxProps<Theme> | undefined;
  /** The number of cells in a row, the details button's included. */
  span: number;
}

export function useColumnLayout<T>(props: DataTableProps<T>): ColumnLayout<T> {
  const { columns: allColumns, columnChooser, stackOnPhone, renderExpansion } = props;
  const { choice, choose } = useColumnChoice(columnChooser);
  const alwaysShown = (column: Column<T>) => column.pinned || !column.label;
  const choosable = columnChooser ? allColumns.filter((column) => !alwaysShown(column)) : [];
  const columns = columnChooser
    ? allColumns.filter((column) => alwaysShown(column) || isShown(choice, column))
    : allColumns;
  const hidden = allColumns.filter((column) => !columns.includes(column));
  const phoneOnly = stackOnPhone ? [] : columns.filter((column) => column.secondary);
  const detailsEverywhere = !!renderExpansion || hidden.length > 0;
  const details = detailsEverywhere || phoneOnly.length > 0;
  const detailsCell = detailsEverywhere ? undefined : onlyOnPhone;
  const span = columns.length + (details ? 1 : 0);
  return { columns, choosable, choose, hidden, phoneOnly, detailsEverywhere, details, detailsCell, span };
}

import { useState } from 'react';

export interface Selection<T> {
  /** Every selected row, from whichever page it was chosen on, in the order chosen. */
  chosen: T[];
  has: (id: number) => boolean;
  toggle: (row: T) => void;
  /** True when the current page has rows and every one is selected. */
  allOnPage: boolean;
  /** Selects the current page's rows, or unselects them when all are selected already. */
  togglePage: () => void;
  /** Unselects rows that were decided on (the answer came back): they left the pending list. */
  forget: (ids: readonly number[]) => void;
}

/**
 * The rows an admin has ticked on a paged approval list
 * (features/products/RedemptionApprovalPage.tsx,
 * features/withdrawals/WithdrawalLists.tsx). The selection is kept across
 * pages, filters and refetches, so a batch can gather rows from several
 * pages; each row is kept as it was read, so the batch's count and totals
 * need no page in view. A decision forgets the rows it decided.
 */
export function useSelection<T extends { id: number }>(rows: readonly T[]): Selection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<number, T>>(new Map());
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const toggle = (row: T) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  };
  const togglePage = () => {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (allOnPage) next.delete(row.id);
        else next.set(row.id, row);
      }
      return next;
    });
  };
  const forget = (ids: readonly number[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  };

  return { chosen: [...selected.values()], has: (id) => selected.has(id), toggle, allOnPage, togglePage, forget };
}

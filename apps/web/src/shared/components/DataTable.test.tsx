import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { COLUMN_CHOICE_PREFIX } from '../column-choice';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: number;
  name: string;
}

const COLUMNS: Column<Row>[] = [{ id: 'name', label: 'Name', sortField: 'name', render: (r) => r.name }];
const ROWS: Row[] = [
  { id: 1, name: 'alice' },
  { id: 2, name: 'bob' },
];

const base = {
  label: 'People',
  columns: COLUMNS,
  rows: ROWS,
  total: 2,
  rowKey: (r: Row) => r.id,
  page: 1,
  pageSize: 20,
  onPage: () => {},
  onPageSize: () => {},
  loading: false,
  empty: 'Nobody',
};

afterEach(cleanup);

describe('DataTable', () => {
  it('stacked on a phone, names each cell by its column and keeps a secondary column, still a table', () => {
    const columns: Column<Row>[] = [
      ...COLUMNS,
      { id: 'id', label: 'Number', secondary: true, render: (r) => String(r.id) },
    ];
    render(<DataTable {...base} columns={columns} stackOnPhone />);
    const cells = within(screen.getByRole('table', { name: 'People' })).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'Number', 'Name', 'Number']);
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });

  it('labels no cell when not stacked', () => {
    render(<DataTable {...base} />);
    expect(screen.getAllByRole('cell').every((c) => !c.hasAttribute('data-label'))).toBe(true);
  });

  it('has no disclosure column unless rows can open', () => {
    render(<DataTable {...base} />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Raw/ })).toBeNull();
  });

  it('opens and closes a row below it, saying so to assistive technology', () => {
    render(
      <DataTable
        {...base}
        renderExpansion={(r) => <pre>raw {r.name}</pre>}
        expansionLabel={(r) => `Raw record of ${r.name}`}
      />,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Raw record of bob' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('raw bob')).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('raw bob')).toBeTruthy();
    expect(screen.queryByText('raw alice')).toBeNull();

    fireEvent.click(button);
    expect(screen.queryByText('raw bob')).toBeNull();
  });

  it('sorts by a header: ascending first, then descending', () => {
    const sorts: string[] = [];
    const { rerender } = render(<DataTable {...base} sort="-id" onSort={(s) => sorts.push(s)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    rerender(<DataTable {...base} sort="name" onSort={(s) => sorts.push(s)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(sorts).toEqual(['name', '-name']);
  });

  describe('a wide list', () => {
    const wide: Column<Row>[] = [
      ...COLUMNS,
      { id: 'id', label: 'Number', secondary: true, render: (r) => `No. ${r.id}` },
      { id: 'actions', label: 'Actions', pinned: true, render: (r) => <button type="button">Open {r.name}</button> },
    ];
    const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    beforeEach(() => window.localStorage.clear());

    it('hides a secondary column until chosen, shows it in the row details, and keeps the choice per list', () => {
      const { unmount } = render(<DataTable {...base} columns={wide} columnChooser="people" />);
      expect(headers()).toEqual(['Details', 'Name', 'Actions']);
      fireEvent.click(screen.getAllByRole('button', { name: 'Details' })[0]!);
      expect(screen.getByText('No. 1')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Columns (1 in details)' }));
      const menu = screen.getByRole('menu', { name: 'Columns of People' });
      // The pinned actions are not offered: they always show.
      expect(
        within(menu)
          .getAllByRole('menuitemcheckbox')
          .map((i) => i.textContent),
      ).toEqual(['Name', 'Number']);
      fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Number' }));
      // Shown, a secondary column is still hidden on a phone, whose details (a phone-only disclosure) then show it.
      expect(headers()).toEqual(['Details', 'Name', 'Number', 'Actions']);
      expect(JSON.parse(window.localStorage.getItem(`${COLUMN_CHOICE_PREFIX}people`)!)).toEqual({ id: true });
      unmount();

      render(<DataTable {...base} columns={wide} columnChooser="people" />);
      expect(headers()).toEqual(['Details', 'Name', 'Number', 'Actions']);
    });

    it('never hides the pinned column, even when every other column is chosen away', () => {
      window.localStorage.setItem(`${COLUMN_CHOICE_PREFIX}people`, JSON.stringify({ name: false, actions: false }));
      render(<DataTable {...base} columns={wide} columnChooser="people" />);
      expect(headers()).toEqual(['Details', 'Actions']);
      expect(screen.getByRole('button', { name: 'Open bob' })).toBeTruthy();
    });

    it('without a chooser shows every column, and offers the secondary ones in the details a phone opens', () => {
      render(<DataTable {...base} columns={wide} />);
      expect(headers()).toEqual(['Details', 'Name', 'Number', 'Actions']);
      expect(screen.queryByRole('button', { name: /^Columns/ })).toBeNull();
    });
  });
});

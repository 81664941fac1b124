import type { Locator, Page } from '@playwright/test';
import { waitForPopup } from '../support/popup';

/**
 * A page that is one named table, as the lists, histories and reports are:
 * each is a class of its own (its path and the table's name), this holds
 * their shape and what every such table offers (rows, sortable columns).
 */
export abstract class TablePage {
  readonly page: Page;
  readonly table: Locator;
  /** The body's rows, without the header. */
  readonly rows: Locator;
  private readonly path: string;

  protected constructor(page: Page, path: string, tableName: string) {
    this.page = page;
    this.path = path;
    this.table = page.getByRole('table', { name: tableName });
    this.rows = this.table.locator('tbody tr');
  }

  /** With `query`, the filters of the URL (`?member=…`). */
  async goto(query = '') {
    await this.page.goto(`${this.path}${query}`);
  }

  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name });
  }

  /**
   * Shows a column that a wide list keeps in its rows' details until chosen (DataTable's column chooser), as a
   * person does: the Columns menu, the column's entry, then Escape.
   */
  async showColumn(name: string) {
    await this.page.getByRole('button', { name: /^Columns/ }).click();
    await waitForPopup(this.page.getByRole('menu'));
    await this.page.getByRole('menuitemcheckbox', { name, checked: false }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The button of a column's header that orders the list by it (press again to reverse). */
  sortButton(column: string): Locator {
    return this.columnHeader(column).getByRole('button');
  }
}

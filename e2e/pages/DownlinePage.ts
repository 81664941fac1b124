import type { Locator, Page } from '@playwright/test';

/** `/member-network2`: the downline as a table, by level, ordered by a chosen column. */
export class DownlinePage {
  readonly page: Page;
  readonly rows: Locator;
  readonly order: Locator;
  readonly usernameSortButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.rows = page.getByRole('table', { name: 'Downline' }).locator('tbody tr');
    this.order = page.getByLabel('Order');
    this.usernameSortButton = page.getByRole('button', { name: 'Username' });
  }

  /** With `query`, the filters of the URL (`?level=…`). */
  async goto(query = '') {
    await this.page.goto(`/member-network2${query}`);
  }

  row(username: string): Locator {
    return this.page.getByTestId(`downline-row-${username}`);
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/Transactions`: the ledger's transfers for the admin, exported as CSV; a daily close is one row whose lines open on demand. */
export class TransactionsPage {
  readonly page: Page;
  readonly table: Locator;
  readonly exportCsvButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Transactions' });
    this.exportCsvButton = page.getByRole('button', { name: 'Export CSV' });
  }

  /** With `query`, the filters of the URL (`?member=…`, `?type=…`). */
  async goto(query = '') {
    await this.page.goto(`/Transactions${query}`);
  }

  /** Downloads the CSV of the rows shown; answers its text. */
  async exportCsv(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportCsvButton.click()]);
    const chunks = await (await download.createReadStream()).toArray();
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The one row of a day's close (`YYYY-MM-DD`). */
  closeRow(day: string): Locator {
    return this.table.getByRole('row').filter({ hasText: `Close of ${day}` });
  }

  async showCloseLines(day: string) {
    await this.closeRow(day).getByRole('button', { name: 'Show lines' }).click();
  }

  closeReportLink(day: string): Locator {
    return this.closeRow(day).getByRole('link', { name: `Close report for ${day}` });
  }
}

import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/deposit-history`: every member's deposits, for the admin, and the rescan of a block range below them. */
export class AdminDepositHistoryPage extends TablePage {
  /** The latest rescan: its status, progress bar and counts. */
  readonly rescanProgress: Locator;

  constructor(page: Page) {
    super(page, '/deposit-history', 'All deposits');
    this.rescanProgress = page.getByTestId('rescan-progress');
  }

  /** Starts a rescan of blocks `from`..`to` with the "Rescan blocks" card. */
  async rescan(from: string, to: string) {
    const form = this.page.getByRole('form', { name: 'Rescan blocks' });
    await form.getByLabel('From block').fill(from);
    await form.getByLabel('To block').fill(to);
    await form.getByRole('button', { name: 'Start rescan' }).click();
  }
}

import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/deposit-consolidate-history`: the sweeps of deposit addresses into the treasury, started by hand after a confirmation. */
export class ConsolidationsPage extends TablePage {
  readonly consolidateNowButton: Locator;
  readonly confirmButton: Locator;
  /** The notice shown when another consolidation holds the lease (409 CONSOLIDATION_RUNNING). */
  readonly alreadyRunningNotice: Locator;

  constructor(page: Page) {
    super(page, '/deposit-consolidate-history', 'Consolidations');
    this.consolidateNowButton = page.getByRole('button', { name: 'Consolidate now' });
    this.confirmButton = page.getByRole('dialog').getByRole('button', { name: 'Consolidate' });
    this.alreadyRunningNotice = page.getByTestId('consolidation-running');
  }

  async consolidate() {
    await this.consolidateNowButton.click();
    await this.confirmButton.click();
  }
}

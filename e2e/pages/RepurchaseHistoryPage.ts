import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/repurchase-history`: the member's package purchases, each cancellable within the window. */
export class RepurchaseHistoryPage extends TablePage {
  /** The cancellation's confirmation: what it gives back. */
  readonly cancelSummary: Locator;
  readonly confirmCancel: Locator;

  constructor(page: Page) {
    super(page, '/repurchase-history', 'Purchases');
    this.cancelSummary = page.getByTestId('cancel-summary');
    this.confirmCancel = page.getByRole('button', { name: 'Cancel purchase' });
  }

  /** The Cancel button of the purchase with this reference number. */
  cancelButton(purchaseId: number): Locator {
    return this.table.getByRole('button', { name: new RegExp(`^Cancel P-${purchaseId},`) });
  }
}

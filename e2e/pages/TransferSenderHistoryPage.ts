import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/transfer-sender-history`: the transfers the member sent, filtered by day. */
export class TransferSenderHistoryPage extends TablePage {
  readonly from: Locator;

  constructor(page: Page) {
    super(page, '/transfer-sender-history', 'Transfers sent');
    this.from = page.getByLabel('From');
  }
}

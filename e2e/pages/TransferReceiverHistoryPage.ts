import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/transfer-Receiver-history`: the transfers the member received. */
export class TransferReceiverHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/transfer-Receiver-history', 'Transfers received');
  }
}

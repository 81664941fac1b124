import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/withdraw-history`: the member's own withdrawals. */
export class WithdrawHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/withdraw-history', 'Withdrawals');
  }
}

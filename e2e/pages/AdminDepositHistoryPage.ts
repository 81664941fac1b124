import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/deposit-history`: every member's deposits, for the admin. */
export class AdminDepositHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/deposit-history', 'All deposits');
  }
}

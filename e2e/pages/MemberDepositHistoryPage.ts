import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/deposit-history-member`: the member's own deposits. */
export class MemberDepositHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/deposit-history-member', 'Your deposits');
  }
}

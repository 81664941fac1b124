import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/withdraw-approval-history`: the admin's decided withdrawals. */
export class WithdrawApprovalHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/withdraw-approval-history', 'Withdrawal decisions');
  }
}

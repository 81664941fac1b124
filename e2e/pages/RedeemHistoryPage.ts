import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/redeem-history`: the member's own redemptions. */
export class RedeemHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/redeem-history', 'Redemptions');
  }
}

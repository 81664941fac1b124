import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/repurchase-history`: the member's package purchases. */
export class RepurchaseHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/repurchase-history', 'Purchases');
  }
}

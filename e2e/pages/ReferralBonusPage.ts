import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/referral-bonus`: the member's referral bonuses and their total. */
export class ReferralBonusPage extends TablePage {
  readonly total: Locator;

  constructor(page: Page) {
    super(page, '/referral-bonus', 'Referral bonuses');
    this.total = page.getByTestId('bonus-total');
  }
}

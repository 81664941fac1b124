import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/admin-referral-bonus`: the referral bonuses paid, for the admin. */
export class AdminReferralBonusPage extends TablePage {
  constructor(page: Page) {
    super(page, '/admin-referral-bonus', 'Referral bonuses');
  }
}

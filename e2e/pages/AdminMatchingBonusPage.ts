import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/admin-matching-bonus`: the matching bonuses paid, for the admin. */
export class AdminMatchingBonusPage extends TablePage {
  constructor(page: Page) {
    super(page, '/admin-matching-bonus', 'Matching bonuses');
  }
}

import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/convert-history`: the member's conversions of income into points. */
export class ConversionHistoryPage extends TablePage {
  constructor(page: Page) {
    super(page, '/convert-history', 'Point conversions');
  }
}

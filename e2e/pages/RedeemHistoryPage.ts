import type { Locator, Page } from '@playwright/test';

/** `/redeem-history`: the member's own redemptions. */
export class RedeemHistoryPage {
  readonly page: Page;
  readonly table: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Redemptions' });
  }

  async goto() {
    await this.page.goto('/redeem-history');
  }
}

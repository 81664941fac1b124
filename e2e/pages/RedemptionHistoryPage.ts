import type { Locator, Page } from '@playwright/test';

/** `/redemption-approval-history`: the admin's decided redemptions. */
export class RedemptionHistoryPage {
  readonly page: Page;
  readonly table: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Redemption decisions' });
  }

  static path(search: string) {
    return `/redemption-approval-history?search=${search}`;
  }

  async goto(search: string) {
    await this.page.goto(RedemptionHistoryPage.path(search));
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/total-income`: the member's income by kind and a chart of it by period. */
export class TotalIncomePage {
  readonly page: Page;
  readonly referralIncome: Locator;
  readonly chart: Locator;

  constructor(page: Page) {
    this.page = page;
    this.referralIncome = page.getByTestId('income-referral');
    this.chart = page.getByRole('figure', { name: 'Income by period' });
  }

  async goto() {
    await this.page.goto('/total-income');
  }
}

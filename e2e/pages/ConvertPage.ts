import type { Locator, Page } from '@playwright/test';

/** `/convert`: income into points, reviewed before it is booked. */
export class ConvertPage {
  readonly page: Page;
  readonly amount: Locator;
  readonly reviewButton: Locator;
  readonly convertButton: Locator;
  readonly points: Locator;
  readonly income: Locator;
  readonly confirmation: Locator;

  constructor(page: Page) {
    this.page = page;
    this.amount = page.getByLabel('Amount');
    this.reviewButton = page.getByRole('button', { name: 'Review conversion' });
    this.convertButton = page.getByRole('button', { name: 'Convert', exact: true });
    this.points = page.getByTestId('convert-points');
    this.income = page.getByTestId('convert-income');
    this.confirmation = page.getByTestId('conversion-confirmation');
  }

  async goto() {
    await this.page.goto('/convert');
  }

  async convert(amount: string) {
    await this.amount.fill(amount);
    await this.reviewButton.click();
    await this.convertButton.click();
  }
}

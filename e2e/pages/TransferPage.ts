import type { Locator, Page } from '@playwright/test';

/** `/transfer`: a receiver checked as it is typed, an amount, then a confirmation. */
export class TransferPage {
  readonly page: Page;
  readonly receiver: Locator;
  readonly amount: Locator;
  readonly reviewButton: Locator;
  readonly confirmation: Locator;
  readonly confirmButton: Locator;
  readonly available: Locator;

  constructor(page: Page) {
    this.page = page;
    this.receiver = page.getByLabel('Receiver username');
    this.amount = page.getByLabel('Amount');
    this.reviewButton = page.getByRole('button', { name: 'Review transfer' });
    this.confirmation = page.getByTestId('transfer-confirmation');
    this.confirmButton = page.getByRole('button', { name: 'Confirm transfer' });
    this.available = page.getByTestId('transfer-available');
  }

  async goto() {
    await this.page.goto('/transfer');
  }
}

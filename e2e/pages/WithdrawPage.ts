import type { Locator, Page } from '@playwright/test';

/** `/withdraw`: an amount to a saved address, signed off with a two-factor code, reviewed (fee, what arrives) before it is asked. */
export class WithdrawPage {
  readonly page: Page;
  readonly available: Locator;
  /** The maximum and the 24-hour limit in force, with what is left. */
  readonly limits: Locator;
  readonly amount: Locator;
  readonly toAddress: Locator;
  readonly code: Locator;
  readonly reviewButton: Locator;
  readonly confirmation: Locator;
  readonly confirmButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.available = page.getByTestId('withdraw-available');
    this.limits = page.getByTestId('withdraw-limits');
    this.amount = page.getByLabel('Amount');
    this.toAddress = page.getByRole('combobox', { name: 'To address' });
    this.code = page.getByTestId('withdraw-totp');
    this.reviewButton = page.getByRole('button', { name: 'Review withdrawal' });
    this.confirmation = page.getByTestId('withdraw-confirmation');
    this.confirmButton = page.getByRole('button', { name: 'Confirm withdrawal' });
  }

  async goto() {
    await this.page.goto('/withdraw');
  }

  async chooseAddress(address: string) {
    await this.toAddress.click();
    await this.page.getByRole('option', { name: new RegExp(address) }).click();
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/wallet`: the balances and the wallet history, filterable by kind. */
export class WalletPage {
  readonly page: Page;
  readonly pointsBalance: Locator;
  readonly history: Locator;
  readonly kindFilter: Locator;

  constructor(page: Page) {
    this.page = page;
    this.pointsBalance = page.getByTestId('balance-points');
    this.history = page.getByRole('table', { name: 'Wallet history' });
    this.kindFilter = page.getByRole('combobox', { name: 'Kind' });
  }

  async goto() {
    await this.page.goto('/wallet');
  }

  async filterByKind(kind: string) {
    await this.kindFilter.click();
    await this.page.getByRole('option', { name: kind }).click();
  }
}

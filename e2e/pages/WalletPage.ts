import type { Locator, Page } from '@playwright/test';

/** `/wallet`: the balances and the wallet history, filterable by kind. */
export class WalletPage {
  readonly page: Page;
  readonly pointsBalance: Locator;
  readonly depositBalance: Locator;
  readonly history: Locator;
  readonly kindFilter: Locator;
  /** The member's proof of reserves: their balances in the latest proof, checked in the browser. */
  readonly proofOfReserves: Locator;

  constructor(page: Page) {
    this.page = page;
    this.pointsBalance = page.getByTestId('balance-points');
    this.depositBalance = page.getByTestId('balance-deposit');
    this.history = page.getByRole('table', { name: 'Wallet history' });
    this.kindFilter = page.getByRole('combobox', { name: 'Kind' });
    this.proofOfReserves = page.getByTestId('proof-of-reserves');
  }

  /** With `query`, the filter of the URL (`?kind=…`). */
  async goto(query = '') {
    await this.page.goto(`/wallet${query}`);
  }

  async filterByKind(kind: string) {
    await this.kindFilter.click();
    await this.page.getByRole('option', { name: kind }).click();
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/bep20-wallets`: what the portal's chain wallets hold, reconciled with the ledger. */
export class Bep20WalletsPage {
  readonly page: Page;
  readonly treasuryBalance: Locator;
  readonly reconciliation: Locator;
  readonly unexplained: Locator;

  constructor(page: Page) {
    this.page = page;
    this.treasuryBalance = page.getByTestId('balance-treasury');
    this.reconciliation = page.getByTestId('reconciliation');
    this.unexplained = page.getByTestId('unexplained');
  }

  async goto() {
    await this.page.goto('/bep20-wallets');
  }
}

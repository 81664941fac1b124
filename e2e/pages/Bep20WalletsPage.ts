import type { Locator, Page } from '@playwright/test';

/** `/bep20-wallets`: what the portal's chain wallets hold, reconciled with the ledger, and the hot wallet's funding. */
export class Bep20WalletsPage {
  readonly page: Page;
  readonly treasuryBalance: Locator;
  readonly reconciliation: Locator;
  readonly unexplained: Locator;
  /** The hot wallet card: its balance, the move from the treasury (and its confirmation). */
  readonly hotWallet: Locator;
  readonly hotBalance: Locator;
  readonly moveForm: Locator;
  readonly moveConfirmButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.treasuryBalance = page.getByTestId('balance-treasury');
    this.reconciliation = page.getByTestId('reconciliation');
    this.unexplained = page.getByTestId('unexplained');
    this.hotWallet = page.getByTestId('hot-wallet-funding');
    this.hotBalance = page.getByTestId('hot-balance');
    this.moveForm = page.getByRole('form', { name: 'Move from the treasury' });
    this.moveConfirmButton = page.getByRole('dialog').getByRole('button', { name: 'Move' });
  }

  /** Moves `amount` USDT from the treasury to the hot wallet through the confirmation. */
  async moveFromTreasury(amount: string) {
    await this.moveForm.getByLabel('Amount').fill(amount);
    await this.moveForm.getByRole('button', { name: 'Review' }).click();
    await this.moveConfirmButton.click();
  }

  async goto() {
    await this.page.goto('/bep20-wallets');
  }
}

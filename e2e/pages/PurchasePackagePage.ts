import type { Locator, Page } from '@playwright/test';

/** `/purchase-package`: the packages as cards, each bought after a confirmation; a card the balance cannot pay says how to fund it. */
export class PurchasePackagePage {
  readonly page: Page;
  readonly depositBalance: Locator;
  readonly status: Locator;
  readonly confirmation: Locator;
  readonly payButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.depositBalance = page.getByTestId('purchase-deposit');
    this.status = page.getByTestId('purchase-status');
    this.confirmation = page.getByTestId('purchase-confirmation');
    this.payButton = page.getByRole('button', { name: 'Pay' });
  }

  async goto() {
    await this.page.goto('/purchase-package');
  }

  card(packageName: string): Locator {
    return this.page.getByTestId(`package-${packageName}`);
  }

  /** What the balance lacks for a package, said on its card. */
  shortfall(packageName: string): Locator {
    return this.card(packageName).getByTestId(`short-${packageName}`);
  }

  /** A short card's link to where the balance is funded. */
  fundingLink(packageName: string, name: 'deposit' | 'transfer'): Locator {
    return this.card(packageName).getByRole('link', { name });
  }

  buyButton(packageName: string): Locator {
    return this.card(packageName).getByRole('button', { name: 'Buy' });
  }

  repurchaseButton(packageName: string): Locator {
    return this.card(packageName).getByRole('button', { name: 'Repurchase' });
  }
}

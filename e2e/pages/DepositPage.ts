import type { Locator, Page } from '@playwright/test';

/** `/deposit`: the member's BEP20 address (text and QR code), the deposit balance and the recent deposits, polled. */
export class DepositPage {
  readonly page: Page;
  readonly qrCode: Locator;
  readonly address: Locator;
  readonly balance: Locator;
  readonly recent: Locator;
  /** The answer of "Deposit not showing?". */
  readonly recovery: Locator;

  constructor(page: Page) {
    this.page = page;
    this.qrCode = page.getByRole('img', { name: 'QR code of your deposit address' });
    this.address = page.getByTestId('deposit-address');
    this.balance = page.getByTestId('deposit-balance');
    this.recent = page.getByRole('table', { name: 'Recent deposits' });
    this.recovery = page.getByTestId('deposit-recovery');
  }

  async goto() {
    await this.page.goto('/deposit');
  }

  async readAddress(): Promise<string> {
    return (await this.address.textContent())!.trim();
  }

  /** A recent deposit in a state of its way (`seen`, `credited`, …). */
  recentWithStatus(status: string): Locator {
    return this.recent.locator(`[data-status="${status}"]`);
  }

  /** "Deposit not showing?": asks for a deposit by its transaction hash. */
  async recover(txHash: string) {
    await this.page.getByLabel('Transaction hash').fill(txHash);
    await this.page.getByRole('button', { name: 'Check transaction' }).click();
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/proof-of-reserves`, open to anyone: the latest proof, its signature, the earlier ones. */
export class ProofOfReservesPage {
  readonly page: Page;
  readonly checkSignature: Locator;
  readonly verdict: Locator;

  constructor(page: Page) {
    this.page = page;
    this.checkSignature = page.getByRole('button', { name: 'Check the signature here' });
    this.verdict = page.getByRole('status');
  }

  async goto() {
    await this.page.goto('/proof-of-reserves');
  }
}

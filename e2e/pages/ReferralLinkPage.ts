import type { Locator, Page } from '@playwright/test';

/** `/referral-link`: the member's links (plain and one per leg), a QR code, and the sign-ups counted. */
export class ReferralLinkPage {
  readonly page: Page;
  readonly leftLink: Locator;
  readonly plainLink: Locator;
  readonly qrCode: Locator;
  readonly signupsTotal: Locator;
  readonly signupsLeft: Locator;
  readonly signupsWaiting: Locator;

  constructor(page: Page) {
    this.page = page;
    this.leftLink = page.getByTestId('link-left');
    this.plainLink = page.getByTestId('link-plain');
    this.qrCode = page.getByTestId('referral-qr').locator('svg');
    this.signupsTotal = page.getByTestId('signups-total');
    this.signupsLeft = page.getByTestId('signups-left');
    this.signupsWaiting = page.getByTestId('signups-waiting');
  }

  async goto() {
    await this.page.goto('/referral-link');
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/forgot-password`: asks for a reset link by mail. */
export class ForgotPasswordPage {
  readonly page: Page;
  readonly email: Locator;
  readonly sendButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.email = page.getByLabel('Email');
    this.sendButton = page.getByRole('button', { name: 'Send reset link' });
  }

  async goto() {
    await this.page.goto('/forgot-password');
  }

  async requestLink(email: string) {
    await this.email.fill(email);
    await this.sendButton.click();
  }
}

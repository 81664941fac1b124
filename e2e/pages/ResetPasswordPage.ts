import type { Locator, Page } from '@playwright/test';

/** `/password-reset?token=…` (an invitation's with `invite=1`), opened from the link in the mail. */
export class ResetPasswordPage {
  readonly page: Page;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly resetButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.newPassword = page.getByLabel('New password');
    this.confirmPassword = page.getByLabel('Confirm password');
    this.resetButton = page.getByRole('button', { name: /^(Reset|Set) password$/ });
  }

  /** The link from the mail, as the member would follow it. */
  async goto(link: string) {
    await this.page.goto(link);
  }

  async reset(password: string) {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(password);
    await this.resetButton.click();
  }
}

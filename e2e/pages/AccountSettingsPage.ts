import type { Locator, Page } from '@playwright/test';

/** `/account-settings`: the profile tab and the security tab (password, two-factor, addresses). */
export class AccountSettingsPage {
  readonly page: Page;
  readonly fullName: Locator;
  readonly saveChangesButton: Locator;
  readonly securityTab: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly changePasswordButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.fullName = page.getByLabel('Full name');
    this.saveChangesButton = page.getByRole('button', { name: 'Save changes' });
    this.securityTab = page.getByRole('tab', { name: /security/i });
    this.currentPassword = page.getByLabel('Current password');
    this.newPassword = page.getByLabel('New password');
    this.confirmPassword = page.getByLabel('Confirm password');
    this.changePasswordButton = page.getByRole('button', { name: 'Change password' });
  }

  async goto() {
    await this.page.goto('/account-settings');
  }

  async saveFullName(fullName: string) {
    await this.fullName.fill(fullName);
    await this.saveChangesButton.click();
  }

  async changePassword(current: string, next: string) {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.confirmPassword.fill(next);
    await this.changePasswordButton.click();
  }
}

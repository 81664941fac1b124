import type { Locator, Page } from '@playwright/test';

/** `/account-settings`: the profile tab and the security tab (password, two-factor, withdrawal addresses). */
export class AccountSettingsPage {
  readonly page: Page;
  readonly fullName: Locator;
  readonly saveChangesButton: Locator;
  readonly securityTab: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly changePasswordButton: Locator;
  readonly setUpTwoFactorButton: Locator;
  readonly twoFactorQrCode: Locator;
  /** The two-factor secret, in words, for an authenticator that cannot scan. */
  readonly twoFactorSecret: Locator;
  readonly twoFactorCode: Locator;
  readonly turnOnButton: Locator;
  readonly recoveryCodes: Locator;
  readonly newAddress: Locator;
  readonly saveAddressButton: Locator;
  readonly withdrawalAddresses: Locator;

  constructor(page: Page) {
    this.page = page;
    this.fullName = page.getByLabel('Full name');
    this.saveChangesButton = page.getByRole('button', { name: 'Save changes' });
    this.securityTab = page.getByRole('tab', { name: /security/i });
    this.currentPassword = page.getByLabel('Current password');
    this.newPassword = page.getByLabel('New password');
    this.confirmPassword = page.getByLabel('Confirm password');
    this.changePasswordButton = page.getByRole('button', { name: 'Change password' });
    this.setUpTwoFactorButton = page.getByRole('button', { name: 'Set up two-factor sign-in' });
    this.twoFactorQrCode = page.getByLabel('Two-factor QR code');
    this.twoFactorSecret = page.getByTestId('totp-secret');
    this.twoFactorCode = page.getByTestId('totp-enable-code');
    this.turnOnButton = page.getByRole('button', { name: 'Turn on' });
    this.recoveryCodes = page.getByTestId('recovery-codes');
    this.newAddress = page.getByTestId('new-address');
    this.saveAddressButton = page.getByRole('button', { name: 'Save address' });
    this.withdrawalAddresses = page.getByTestId('withdrawal-addresses');
  }

  /** With `tab`, that tab opened by the URL. */
  async goto(tab?: 'security') {
    await this.page.goto(tab === undefined ? '/account-settings' : `/account-settings?tab=${tab}`);
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

  async readTwoFactorSecret(): Promise<string> {
    return (await this.twoFactorSecret.textContent())!.trim();
  }

  /** The first of the recovery codes shown once two-factor is on. */
  async firstRecoveryCode(): Promise<string> {
    return ((await this.recoveryCodes.textContent()) ?? '').match(/[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}/)![0];
  }

  async saveAddress(address: string) {
    await this.newAddress.fill(address);
    await this.saveAddressButton.click();
  }
}

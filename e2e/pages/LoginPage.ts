import type { Locator, Page } from '@playwright/test';

/** `/login`: username and password, then (with two-factor on) a code. */
export class LoginPage {
  readonly page: Page;
  readonly username: Locator;
  readonly password: Locator;
  readonly code: Locator;
  readonly signInButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.username = page.getByLabel('Username');
    this.password = page.getByLabel('Password', { exact: true });
    this.code = page.getByTestId('login-totp');
    this.signInButton = page.getByRole('button', { name: 'Sign in' });
  }

  /** With `next`, the page to return to after signing in (`?next=`). */
  async goto(next?: string) {
    await this.page.goto(next === undefined ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  }

  async fill(username: string, password: string) {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  async submit() {
    await this.signInButton.click();
  }
}

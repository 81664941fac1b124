import type { Locator, Page } from '@playwright/test';

export interface Registration {
  username: string;
  email: string;
  fullName: string;
  password: string;
}

/** `/register`, usually opened from a referral link (`?ref=…&side=…`). */
export class RegisterPage {
  readonly page: Page;
  readonly sponsor: Locator;
  readonly username: Locator;
  readonly email: Locator;
  readonly fullName: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly createAccountButton: Locator;
  readonly invitedBy: Locator;
  readonly invitedByLeg: Locator;
  readonly leg: Locator;
  readonly unknownSponsor: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sponsor = page.getByLabel('Sponsor');
    this.username = page.getByLabel('Username');
    this.email = page.getByLabel('Email');
    this.fullName = page.getByLabel('Full name');
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm password');
    this.createAccountButton = page.getByRole('button', { name: 'Create account' });
    // Who sent the link and the leg it asks for; a leg without a sponsor stands alone.
    this.invitedBy = page.getByTestId('invited-by');
    this.invitedByLeg = this.invitedBy.getByTestId('register-leg');
    this.leg = page.getByTestId('register-leg');
    this.unknownSponsor = page.getByTestId('invited-by-unknown');
  }

  async goto(query = '') {
    await this.page.goto(`/register${query}`);
  }

  /** Fills every field but the sponsor, typing the password twice. */
  async fill(person: Registration) {
    await this.username.fill(person.username);
    await this.email.fill(person.email);
    await this.fullName.fill(person.fullName);
    await this.password.fill(person.password);
    await this.confirmPassword.fill(person.password);
  }

  async submit() {
    await this.createAccountButton.click();
  }
}

import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/Users`: the accounts for the admin, searched and sorted on the server. */
export class UsersPage extends TablePage {
  readonly createAdminButton: Locator;
  /** The Create admin dialog: username, email and full name; no password (the new admin is mailed a link). */
  readonly createAdminDialog: Locator;
  readonly createAdminSubmit: Locator;

  constructor(page: Page) {
    super(page, '/Users', 'Users');
    this.createAdminButton = page.getByRole('button', { name: 'Create admin' });
    this.createAdminDialog = page.getByRole('dialog', { name: 'Create an admin' });
    this.createAdminSubmit = this.createAdminDialog.getByRole('button', { name: 'Create admin' });
  }

  /** Opens Create admin and fills it in (the caller submits with `createAdminSubmit`). */
  async fillCreateAdmin(admin: { username: string; email: string; fullName: string }) {
    await this.createAdminButton.click();
    await this.createAdminDialog.getByLabel('Username').fill(admin.username);
    await this.createAdminDialog.getByLabel('Email').fill(admin.email);
    await this.createAdminDialog.getByLabel('Full name').fill(admin.fullName);
  }
}

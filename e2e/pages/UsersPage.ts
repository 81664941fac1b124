import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/Users`: the accounts for the admin, searched and sorted on the server. */
export class UsersPage extends TablePage {
  constructor(page: Page) {
    super(page, '/Users', 'Users');
  }
}

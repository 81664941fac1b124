import type { Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/Members`: the members for the admin, searched and sorted on the server. */
export class MembersPage extends TablePage {
  constructor(page: Page) {
    super(page, '/Members', 'Members');
  }
}

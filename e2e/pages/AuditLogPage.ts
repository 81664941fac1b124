import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/admin/audit-log`: who did what to whom, each entry in words, its raw record behind a disclosure. */
export class AuditLogPage extends TablePage {
  /** The raw record of the entry opened. */
  readonly rawRecord: Locator;
  /** Above the list: the last entry the hash chain was verified through, or the first that does not match. */
  readonly chainVerification: Locator;

  constructor(page: Page) {
    super(page, '/admin/audit-log', 'Audit log');
    this.rawRecord = page.locator('pre[data-testid^="raw-entry-"]');
    this.chainVerification = page.getByTestId('audit-chain');
  }

  rawRecordButton(row: Locator): Locator {
    return row.getByRole('button', { name: /Raw record of entry/ });
  }

  memberLink(row: Locator, username: string): Locator {
    return row.getByRole('link', { name: `@${username}` });
  }

  /** A change's before and after, one item a setting. */
  whatChanged(row: Locator): Locator {
    return row.getByRole('list', { name: 'What changed' });
  }

  settingsLink(row: Locator): Locator {
    return row.getByRole('link', { name: 'Settings' });
  }
}

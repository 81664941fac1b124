import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/admin/packages`: the packages table and the add/edit dialog, saved after a review of what changes. */
export class AdminPackagesPage extends TablePage {
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly price: Locator;
  readonly businessVolume: Locator;
  readonly dailyCap: Locator;
  readonly onSale: Locator;
  readonly reviewButton: Locator;
  /** The review's lines, one a field that changes. */
  readonly changes: Locator;
  readonly saveButton: Locator;

  constructor(page: Page) {
    super(page, '/admin/packages', 'Packages');
    this.addButton = page.getByRole('button', { name: 'Add package' });
    this.dialog = page.getByRole('dialog');
    this.name = this.dialog.getByLabel('Name');
    this.price = this.dialog.getByLabel('Price (USDT)');
    this.businessVolume = this.dialog.getByLabel('Business volume (BV)');
    this.dailyCap = this.dialog.getByLabel('Daily matching cap (USDT)');
    this.onSale = this.dialog.getByLabel('On sale');
    this.reviewButton = this.dialog.getByRole('button', { name: 'Review' });
    this.changes = this.dialog.getByRole('listitem');
    this.saveButton = this.dialog.getByRole('button', { name: 'Save' });
  }

  row(packageName: string): Locator {
    return this.table.getByRole('row').filter({ hasText: packageName });
  }

  async openEdit(packageName: string) {
    await this.row(packageName).getByRole('button', { name: 'Edit' }).click();
  }
}

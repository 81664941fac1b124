import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/address-screening`: the screening list, its add and import dialogs. */
export class AddressScreeningPage extends TablePage {
  readonly addButton: Locator;
  readonly importButton: Locator;
  readonly importResult: Locator;

  constructor(page: Page) {
    super(page, '/address-screening', 'Screened addresses');
    this.addButton = page.getByRole('button', { name: 'Add address' });
    this.importButton = page.getByRole('button', { name: 'Import CSV' });
    this.importResult = page.getByTestId('screening-import-result');
  }

  async add(address: string, reason: string) {
    await this.addButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Add an address to the screening list' });
    await dialog.getByLabel('BEP20 address').fill(address);
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Add' }).click();
  }

  async importCsv(csv: string) {
    await this.importButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Import addresses from a CSV' });
    await dialog.getByLabel('CSV', { exact: true }).fill(csv);
    await dialog.getByRole('button', { name: 'Import' }).click();
  }
}

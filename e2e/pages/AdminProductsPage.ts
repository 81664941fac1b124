import type { Locator, Page } from '@playwright/test';

export interface NewProduct {
  name: string;
  description: string;
  price: string;
  stock: string;
  picture: { name: string; mimeType: string; buffer: Buffer };
}

/** `/admin/products`: the products table and the add/edit dialog. */
export class AdminProductsPage {
  readonly page: Page;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly price: Locator;
  readonly stock: Locator;
  readonly pictureFile: Locator;
  readonly saveButton: Locator;
  readonly table: Locator;

  constructor(page: Page) {
    this.page = page;
    this.addButton = page.getByRole('button', { name: 'Add product' });
    this.dialog = page.getByRole('dialog');
    this.name = this.dialog.getByLabel('Name');
    this.description = this.dialog.getByLabel('Description');
    this.price = this.dialog.getByLabel('Price (points)');
    this.stock = this.dialog.getByLabel('Stock');
    this.pictureFile = this.dialog.getByLabel('Picture file');
    this.saveButton = this.dialog.getByRole('button', { name: 'Save' });
    this.table = page.getByRole('table', { name: 'Products' });
  }

  async goto() {
    await this.page.goto('/admin/products');
  }

  row(productName: string): Locator {
    return this.table.getByRole('row', { name: new RegExp(productName) });
  }

  /** The picture's thumbnail in a product's row. */
  thumbnail(productName: string): Locator {
    return this.row(productName).locator('img');
  }

  /** Opens the dialog and fills it; saving is left to the test, which may check the form first. */
  async fillNew(product: NewProduct) {
    await this.addButton.click();
    await this.name.fill(product.name);
    await this.description.fill(product.description);
    await this.price.fill(product.price);
    await this.stock.fill(product.stock);
    await this.pictureFile.setInputFiles(product.picture);
  }

  async save() {
    await this.saveButton.click();
  }
}

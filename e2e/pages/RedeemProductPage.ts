import type { Locator, Page } from '@playwright/test';

/** `/redeem-product`: the catalogue as product cards, a redeem form, then a confirmation. */
export class RedeemProductPage {
  readonly page: Page;
  readonly points: Locator;
  readonly form: Locator;
  readonly quantity: Locator;
  readonly deliveryAddress: Locator;
  readonly reviewButton: Locator;
  readonly confirmation: Locator;
  readonly pointsBefore: Locator;
  readonly pointsToPay: Locator;
  readonly pointsAfter: Locator;
  readonly confirmButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.points = page.getByTestId('redeem-points');
    this.form = page.getByRole('dialog');
    this.quantity = this.form.getByLabel('Quantity');
    this.deliveryAddress = this.form.getByLabel('Delivery address');
    this.reviewButton = this.form.getByRole('button', { name: 'Review' });
    this.confirmation = page.getByTestId('redemption-confirmation');
    // Each figure of the confirmation is the line its label sits on.
    this.pointsBefore = this.confirmation.getByText('Points before').locator('..');
    this.pointsToPay = this.confirmation.getByText('Points to pay').locator('..');
    this.pointsAfter = this.confirmation.getByText('Points after').locator('..');
    this.confirmButton = page.getByRole('button', { name: 'Redeem', exact: true });
  }

  async goto() {
    await this.page.goto('/redeem-product');
  }

  card(productName: string): Locator {
    return this.page.getByTestId('product-card').filter({ hasText: productName });
  }

  /** The product's picture on its card. */
  picture(productName: string): Locator {
    return this.card(productName).locator('img');
  }

  async openRedeemForm(productName: string) {
    await this.card(productName).getByRole('button', { name: 'Redeem' }).click();
  }

  /** Redeems without a stop: form, review, confirm. */
  async redeem(productName: string, deliveryAddress: string) {
    await this.openRedeemForm(productName);
    await this.deliveryAddress.fill(deliveryAddress);
    await this.reviewButton.click();
    await this.confirmButton.click();
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/admin/settings`: the plan's settings, saved after a review of what changes, old → new. */
export class AdminSettingsPage {
  readonly page: Page;
  readonly closeTime: Locator;
  readonly saveButton: Locator;
  readonly review: Locator;
  /** The review's lines, one a setting that changes. */
  readonly changes: Locator;
  readonly cancelButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.closeTime = page.getByLabel('Daily close time');
    this.saveButton = page.getByRole('button', { name: 'Save settings' });
    this.review = page.getByRole('dialog', { name: 'Review the changes' });
    this.changes = this.review.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    this.cancelButton = this.review.getByRole('button', { name: 'Cancel' });
  }

  async goto() {
    await this.page.goto('/admin/settings');
  }

  /** The review's save button, which counts the changes. */
  confirmButton(changeCount: number): Locator {
    return this.review.getByRole('button', { name: `Save ${changeCount} change${changeCount === 1 ? '' : 's'}` });
  }
}

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
  /** The set-up notice (until the portal is live) and its Go live dialog. */
  readonly setupNotice: Locator;
  readonly goLiveDialog: Locator;
  /** The pending changes, one a list item (docs/decisions/0052-four-eyes-and-a-delay.md). */
  readonly pendingChanges: Locator;

  constructor(page: Page) {
    this.page = page;
    this.closeTime = page.getByLabel('Daily close time');
    this.saveButton = page.getByRole('button', { name: 'Save settings' });
    this.review = page.getByRole('dialog', { name: 'Review the changes' });
    this.changes = this.review.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    this.cancelButton = this.review.getByRole('button', { name: 'Cancel' });
    this.setupNotice = page.getByRole('alert', { name: 'Portal in set-up' });
    this.goLiveDialog = page.getByRole('dialog', { name: 'Declare the portal live?' });
    this.pendingChanges = page.getByRole('list', { name: 'Pending changes' }).getByRole('listitem');
  }

  async goto() {
    await this.page.goto('/admin/settings');
  }

  /** The review's save button, which counts the changes. */
  confirmButton(changeCount: number): Locator {
    return this.review.getByRole('button', { name: `Save ${changeCount} change${changeCount === 1 ? '' : 's'}` });
  }
}

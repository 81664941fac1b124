import type { Locator, Page } from '@playwright/test';

/** `/redemption-approval`: pending redemptions, approved as a batch or rejected with a reason. */
export class RedemptionApprovalPage {
  readonly page: Page;
  readonly table: Locator;
  readonly selectedCount: Locator;
  readonly approveSelectedButton: Locator;
  readonly decisionConfirmation: Locator;
  readonly approveButton: Locator;
  readonly rejectButton: Locator;
  readonly reason: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Pending redemptions' });
    this.selectedCount = page.getByTestId('selected-count');
    this.approveSelectedButton = page.getByRole('button', { name: 'Approve selected' });
    this.decisionConfirmation = page.getByTestId('decision-confirmation');
    this.approveButton = page.getByRole('button', { name: 'Approve', exact: true });
    this.rejectButton = page.getByRole('button', { name: 'Reject', exact: true });
    this.reason = page.getByLabel('Reason');
  }

  async goto(search?: string) {
    await this.page.goto(search === undefined ? '/redemption-approval' : `/redemption-approval?search=${search}`);
  }

  /** The pending row of a member's redemption. */
  row(username: string): Locator {
    return this.table.getByRole('row', { name: new RegExp(username) });
  }

  /** A row's reference, read from its checkbox's accessible name ("Select <reference>"). */
  async reference(row: Locator): Promise<string> {
    return (await row.getByRole('checkbox').getAttribute('aria-label'))!.replace('Select ', '');
  }

  async select(row: Locator) {
    await row.getByRole('checkbox').check();
  }

  async openReject(row: Locator, reference: string) {
    await row.getByRole('button', { name: `Reject ${reference}` }).click();
  }
}

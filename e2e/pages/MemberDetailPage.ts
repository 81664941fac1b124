import { expect, type Locator, type Page } from '@playwright/test';

export type AdjustedWallet = 'Deposit wallet' | 'Income wallet';

/** `/Members/:id`: one member as the admin sees it, with the adjust-balance dialog. */
export class MemberDetailPage {
  readonly page: Page;
  readonly depositBalance: Locator;
  readonly adjustBalanceButton: Locator;
  readonly dialog: Locator;
  readonly wallet: Locator;
  readonly amount: Locator;
  readonly reason: Locator;
  readonly reviewButton: Locator;
  readonly reasonRequired: Locator;
  readonly confirmation: Locator;
  readonly confirmCreditButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.depositBalance = page.getByTestId('balance-deposit');
    this.adjustBalanceButton = page.getByRole('button', { name: 'Adjust balance' });
    this.dialog = page.getByRole('dialog');
    this.wallet = this.dialog.getByRole('combobox', { name: 'Wallet' });
    this.amount = this.dialog.getByLabel('Amount');
    this.reason = this.dialog.getByLabel('Reason');
    this.reviewButton = this.dialog.getByRole('button', { name: 'Review' });
    this.reasonRequired = this.dialog.getByText('A reason is required', { exact: false });
    this.confirmation = page.getByTestId('adjustment-confirmation');
    this.confirmCreditButton = page.getByRole('button', { name: 'Confirm credit' });
  }

  async goto(memberId: number) {
    await this.page.goto(`/Members/${memberId}`);
  }

  /** The dialog opens on the deposit wallet; another is chosen from the list. */
  async chooseWallet(wallet: AdjustedWallet) {
    if (wallet === 'Deposit wallet') return;
    await this.wallet.click();
    await this.page.getByRole('option', { name: new RegExp(wallet) }).click();
  }

  /**
   * Credits through the dialog as an admin would, asking for a review before
   * the reason is typed; waits at each step: the dialog's refusal without a
   * reason, the confirmation restating the reason, the toast of the credit.
   */
  async creditAndWait(wallet: AdjustedWallet, amount: string, reason: string) {
    await this.adjustBalanceButton.click();
    await this.chooseWallet(wallet);
    await this.amount.fill(amount);
    await this.reviewButton.click();
    await expect(this.reasonRequired).toBeVisible();
    await this.reason.fill(reason);
    await this.reviewButton.click();
    await expect(this.confirmation).toContainText(reason);
    await this.confirmCreditButton.click();
    await expect(this.page.getByText(/^Credited /).first()).toBeVisible();
  }
}

import type { Locator, Page } from '@playwright/test';

/** `/total-income`: the member's income by kind, a chart of it by period, and the monthly statement. */
export class TotalIncomePage {
  readonly page: Page;
  readonly referralIncome: Locator;
  readonly chart: Locator;
  readonly statementMonth: Locator;
  readonly statementDownload: Locator;

  constructor(page: Page) {
    this.page = page;
    this.referralIncome = page.getByTestId('income-referral');
    this.chart = page.getByRole('figure', { name: 'Income by period' });
    this.statementMonth = page.getByRole('combobox', { name: 'Month' });
    this.statementDownload = page.getByRole('button', { name: 'Download PDF' });
  }

  async goto() {
    await this.page.goto('/total-income');
  }

  /** Picks a statement's month by its name ("October 2026"). */
  async chooseMonth(name: string) {
    await this.statementMonth.click();
    await this.page.getByRole('option', { name }).click();
  }

  /** Downloads the statement of the month chosen: its file name and bytes. */
  async downloadStatement(): Promise<{ filename: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.statementDownload.click()]);
    const chunks = await (await download.createReadStream()).toArray();
    return { filename: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }
}

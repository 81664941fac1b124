import type { Locator, Page } from '@playwright/test';

/** `/admindashboard`: the figures, what waits for approval, the daily close (a UTC day chosen in a date picker, then confirmed) and the sales chart. */
export class AdminDashboardPage {
  readonly page: Page;
  readonly closeStatus: Locator;
  readonly day: Locator;
  readonly closeDayButton: Locator;
  readonly chart: Locator;
  readonly showFiguresButton: Locator;
  readonly figures: Locator;
  readonly chooseDateButton: Locator;
  readonly calendar: Locator;
  readonly nextMonthButton: Locator;
  /** The dialog that restates the day before it is closed (the calendar is closed by then). */
  readonly closeConfirmation: Locator;
  readonly confirmCloseButton: Locator;
  /** The count of redemptions waiting for a decision, and the link under it to the approval page. */
  readonly redemptionsToApprove: Locator;
  readonly redemptionsToApproveLink: Locator;
  /** A close computed for review: its totals and payouts, Pay, and the dialog that restates it. */
  readonly closeReview: Locator;
  readonly payButton: Locator;
  readonly paySummary: Locator;
  readonly confirmPayButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.redemptionsToApprove = page.getByTestId('admin-pending-redemptions');
    this.redemptionsToApproveLink = page.locator('main a[href="/redemption-approval"]');
    this.closeStatus = page.getByTestId('close-status');
    this.day = page.getByRole('group', { name: 'UTC day' });
    this.closeDayButton = page.getByRole('button', { name: 'Close day' });
    this.chart = page.getByRole('figure', { name: /^Sales and bonuses by day, last \d+ days$/ });
    this.showFiguresButton = this.chart.getByRole('button', { name: 'Show the figures as a table' });
    this.figures = this.chart.getByRole('table', { name: /^Sales and bonuses by day, last \d+ days, figures$/ });
    this.chooseDateButton = page.getByRole('button', { name: /Choose date/ });
    this.calendar = page.getByRole('dialog');
    this.nextMonthButton = this.calendar.getByRole('button', { name: 'Next month' });
    this.closeConfirmation = page.getByRole('dialog');
    this.confirmCloseButton = page.getByRole('button', { name: 'Close the day' });
    this.closeReview = page.getByTestId('close-review');
    this.payButton = page.getByRole('button', { name: 'Pay this close' });
    this.paySummary = page.getByTestId('close-pay-summary');
    this.confirmPayButton = page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true });
  }

  async goto() {
    await this.page.goto('/admindashboard');
  }

  /** The "To decide" card, first on the page: every decision waiting, each row a link to those rows. */
  get toDecide(): Locator {
    return this.page.getByRole('region', { name: 'To decide' });
  }

  /** One row of "To decide" by its id (`second-approvals`, `pending-withdrawals` …): its count, and the row's link. */
  decision(id: string): Locator {
    return this.toDecide.getByTestId(`admin-${id}`);
  }

  decisionLink(id: string): Locator {
    return this.toDecide.getByRole('link').filter({ has: this.page.getByTestId(`admin-${id}`) });
  }

  /** A day of the calendar's month marked closed, by its number (1-31). */
  closedDay(dayOfMonth: number): Locator {
    return this.calendar.locator('[data-closed="true"]', { hasText: new RegExp(`^${dayOfMonth}$`) });
  }

  /** Types a day (`YYYY-MM-DD`) over the one in the field, as digits, the way a person overtypes it. */
  async typeDay(day: string) {
    await this.day.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.type(day.replaceAll('-', ''));
  }
}

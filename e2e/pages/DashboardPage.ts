import type { Locator, Page } from '@playwright/test';

/** `/dashboard`: the member's balances, the plan's legs and the recent activity. */
export class DashboardPage {
  readonly page: Page;
  readonly depositBalance: Locator;
  readonly pointsBalance: Locator;
  readonly planOverview: Locator;
  readonly nextClose: Locator;
  readonly recentActivity: Locator;

  constructor(page: Page) {
    this.page = page;
    this.depositBalance = page.getByTestId('balance-deposit');
    this.pointsBalance = page.getByTestId('balance-points');
    this.planOverview = page.getByTestId('plan-overview');
    this.nextClose = page.getByTestId('next-close');
    this.recentActivity = page.getByRole('table', { name: 'Recent activity' });
  }

  async goto() {
    await this.page.goto('/dashboard');
  }
}

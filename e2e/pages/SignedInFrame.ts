import type { Locator, Page } from '@playwright/test';
import { waitForPopup } from '../support/popup';

/** What every signed-in page shows around its content: the main menu, the page's title and the user menu. */
export class SignedInFrame {
  readonly page: Page;
  readonly nav: Locator;
  /** The menu's groups (Admin, Reports, …), each a named list. */
  readonly menuGroups: Locator;
  /** Every page the menu offers, in its order. */
  readonly menuLinks: Locator;
  readonly pageTitle: Locator;
  readonly userMenuButton: Locator;
  readonly logoutMenuItem: Locator;

  constructor(page: Page) {
    this.page = page;
    this.nav = page.getByRole('navigation', { name: 'Main navigation' });
    this.menuGroups = this.nav.getByRole('list');
    this.menuLinks = this.nav.getByRole('listitem').getByRole('link');
    this.pageTitle = page.getByTestId('page-title');
    this.userMenuButton = page.getByTestId('user-menu-button');
    this.logoutMenuItem = page.getByTestId('logout-menu-item');
  }

  /** A page's entry in the menu, named by the page's title. */
  menuLink(name: string, { exact = true } = {}): Locator {
    return this.nav.getByRole('link', { name, exact });
  }

  /** The heading that folds and unfolds a group of the menu (`adminReports`, …). */
  groupToggle(groupId: string): Locator {
    return this.page.getByTestId(`nav-group-${groupId}`);
  }

  async logOut() {
    await this.userMenuButton.click();
    await waitForPopup(this.page.getByRole('menu'));
    await this.logoutMenuItem.click();
  }
}

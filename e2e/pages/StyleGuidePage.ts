import type { Locator, Page } from '@playwright/test';

/** The style guide's five pages (apps/web/src/features/style-guide/), open without sign-in. */
export const STYLE_GUIDE = [
  { path: '/typography', heading: 'Typography', nav: 'Typography' },
  { path: '/icons', heading: 'Icons', nav: 'Icons' },
  { path: '/cards', heading: 'Cards', nav: 'Cards' },
  { path: '/tables', heading: 'Tables', nav: 'Tables' },
  { path: '/form-layouts', heading: 'Form Layouts', nav: 'Form layouts' },
] as const;

export type StyleGuidePath = (typeof STYLE_GUIDE)[number]['path'];

/** Any style guide page: its frame (navigation, theme switch, sample-data notice) and each page's own parts. */
export class StyleGuidePage {
  readonly page: Page;
  readonly heading: Locator;
  readonly sampleDataLabel: Locator;
  readonly nav: Locator;
  readonly themeToggle: Locator;
  readonly portalLink: Locator;
  // /typography
  readonly typeScale: Locator;
  readonly contrastPasses: Locator;
  readonly contrastFails: Locator;
  // /icons
  readonly menuIcons: Locator;
  readonly walletIcons: Locator;
  // /cards
  readonly statusChips: Locator;
  // /tables
  readonly table: Locator;
  readonly rows: Locator;
  readonly emptyTable: Locator;
  readonly memberSearch: Locator;
  readonly nextPage: Locator;
  readonly pageCount: Locator;
  // /form-layouts
  readonly receiver: Locator;
  readonly amount: Locator;
  readonly reviewButton: Locator;
  readonly openConfirmationButton: Locator;
  readonly dialog: Locator;
  readonly confirmButton: Locator;
  readonly fieldInError: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.sampleDataLabel = page.getByTestId('sample-data-label');
    this.nav = page.getByRole('navigation', { name: 'Style guide pages' });
    this.themeToggle = page.getByTestId('theme-toggle');
    this.portalLink = page.getByRole('link', { name: 'Members Portal: go to the portal' });
    this.typeScale = page.locator('[data-testid^="type-"]');
    this.contrastPasses = page.locator('[data-testid^="contrast-"]').filter({ hasText: 'AA pass' });
    this.contrastFails = page.locator('[data-testid^="contrast-"]').filter({ hasText: 'AA fail' });
    this.menuIcons = page.getByTestId('menu-icons').getByRole('listitem');
    this.walletIcons = page.getByTestId('wallet-icons').getByRole('listitem');
    this.statusChips = page.getByTestId('status-chips').locator('.MuiChip-root');
    this.table = page.getByRole('table', { name: 'Sample transfers' });
    this.rows = this.table.locator('tbody tr');
    this.emptyTable = page.getByRole('table', { name: 'Sample empty list' });
    this.memberSearch = page.getByTestId('sample-search');
    this.nextPage = page.getByRole('button', { name: 'Go to next page' });
    this.pageCount = page.locator('.MuiTablePagination-displayedRows');
    this.receiver = page.getByLabel('Receiver username');
    this.amount = page.getByLabel('Amount');
    this.reviewButton = page.getByRole('button', { name: 'Review sample transfer' });
    this.openConfirmationButton = page.getByRole('button', { name: 'Open the confirmation' });
    this.dialog = page.getByRole('dialog', { name: 'Confirm the sample transfer' });
    this.confirmButton = this.dialog.getByRole('button', { name: 'Confirm sample' });
    this.fieldInError = page.getByTestId('field-in-error');
  }

  async goto(path: StyleGuidePath) {
    return this.page.goto(path);
  }

  /** A formatted value of /cards by its test id (`format-money`, `format-bv`…). */
  format(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** The button of a column's header that orders the sample list by it. */
  sortButton(column: string): Locator {
    return this.table.getByRole('columnheader', { name: column }).getByRole('button');
  }

  navLink(name: string): Locator {
    return this.nav.getByRole('link', { name });
  }

  /** A cell of the sample list: row (0-based) and column (0-based). */
  cell(row: number, column: number): Locator {
    return this.rows.nth(row).locator('td').nth(column);
  }
}

import { expect, test, type Page } from '@playwright/test';
import { STYLE_GUIDE, StyleGuidePage } from './pages/StyleGuidePage';
import { axeSerious, watch } from './support/tour';

/**
 * The living style guide (apps/web/src/features/style-guide/): each of its
 * five pages opened by a deep link, signed out, at 1366 and 360 px in light
 * and dark: its heading and the sample-data notice, no API request at all, no
 * console error, no sideways scroll and no serious axe-core violation; then
 * what each page shows from the real components (a formatted amount, paging
 * of the table, a field's error, the confirmation).
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 360, height: 740 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Requests to the API the page made: the style guide must make none, signed out or not. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api')) calls.push(`${request.method()} ${request.url()}`);
  });
  return calls;
}

for (const theme of THEMES) {
  test(`every style guide page, signed out, ${theme}, at 1366 and 360 px`, async ({ browser }) => {
    // bypassCSP: axe-core is injected inline (as in e2e/tour.spec.ts).
    const context = await browser.newContext({ colorScheme: theme, viewport: WIDTHS[0], bypassCSP: true });
    const page = await context.newPage();
    const watcher = watch(page);
    const calls = apiCalls(page);
    const guide = new StyleGuidePage(page);
    const problems: string[] = [];
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const entry of STYLE_GUIDE) {
        const where = `${entry.path} @${size.width}px ${theme}`;
        // A deep link: the server answers the app, which shows the page (not the 404).
        const response = await guide.goto(entry.path);
        expect(response?.status(), where).toBe(200);
        await expect(guide.heading, where).toHaveText(entry.heading);
        await expect(guide.sampleDataLabel, where).toContainText('Sample data — not from your portal');
        await expect(page.locator('html'), where).toHaveAttribute('data-theme', theme);
        await expect(guide.navLink(entry.nav), where).toHaveAttribute('aria-current', 'page');
        await watcher.idle();
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (sideways > 1) problems.push(`${where}: page scrolls sideways by ${sideways}px`);
        for (const what of await axeSerious(page)) problems.push(`${where}: ${what}`);
        for (const what of watcher.take()) problems.push(`${where}: ${what}`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toEqual([]);
    await context.close();
  });
}

test.describe('what the style guide shows', () => {
  // axe-core is injected inline (as in e2e/tour.spec.ts).
  test.use({ bypassCSP: true });
  let calls: string[] = [];
  test.beforeEach(({ page }) => {
    calls = apiCalls(page);
  });
  test.afterEach(() => {
    expect(calls).toEqual([]);
  });

  test('typography: the scale and the palette read from the theme, both themes', async ({ page }) => {
    const guide = new StyleGuidePage(page);
    await guide.goto('/typography');
    await expect(guide.typeScale).toHaveCount(13);
    // h1 of the theme: 2.875rem at 16 px, weight 500 (app/theme/theme.ts).
    await expect(page.getByTestId('type-h1')).toContainText('46 px · weight 500');
    await expect(guide.contrastPasses.first()).toBeVisible();
    await expect(guide.contrastFails).toHaveCount(0);
    const lightRatio = await page.getByTestId('contrast-text.primary').textContent();
    // The switch shows the other theme, whose ratios are computed afresh.
    const before = await page.locator('html').getAttribute('data-theme');
    await guide.themeToggle.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', before ?? '');
    await expect(page.getByTestId('contrast-text.primary')).not.toHaveText(lightRatio ?? '');
    await expect(guide.contrastFails).toHaveCount(0);
  });

  test('icons: the menu icons with the pages that use them', async ({ page }) => {
    const guide = new StyleGuidePage(page);
    await guide.goto('/icons');
    await expect(guide.menuIcons.first()).toBeVisible();
    expect(await guide.menuIcons.count()).toBeGreaterThan(20);
    await expect(guide.menuIcons.filter({ hasText: 'DashboardOutlined' })).toContainText('Dashboard (/dashboard)');
    await expect(guide.walletIcons).toHaveCount(3);
    await expect(guide.walletIcons.filter({ hasText: 'StarsOutlined' })).toContainText('points wallet');
  });

  test('cards: real cards, chips and formats', async ({ page }) => {
    const guide = new StyleGuidePage(page);
    await guide.goto('/cards');
    await expect(guide.format('format-money')).toHaveText('1,234.57 USDT');
    await expect(guide.format('format-money-18')).toHaveText('100.00 USDT');
    await expect(guide.format('format-money-negative')).toHaveText('-0.01 USDT');
    await expect(guide.format('format-money-component')).toHaveText('+2,500.50 USDT');
    await expect(guide.format('format-bv')).toHaveText('1,234.5 BV');
    await expect(guide.format('format-date')).toHaveText('Jan 2, 2026');
    await expect(guide.format('format-datetime')).toHaveText('Jan 2, 2026, 3:04 AM');
    await expect(page.getByTestId('balance-deposit')).toContainText('1,234.57');
    await expect(guide.statusChips.filter({ hasText: /^Pending$/ })).toBeVisible();
  });

  test('tables: filtering, sorting and paging in memory, and the empty state', async ({ page }) => {
    const guide = new StyleGuidePage(page);
    await guide.goto('/tables');
    await expect(guide.rows).toHaveCount(10);
    await expect(guide.pageCount).toHaveText('1–10 of 42');
    await guide.nextPage.click();
    await expect(guide.pageCount).toHaveText('11–20 of 42');
    await expect(page).toHaveURL(/[?&]page=2/);
    // Sorting goes back to the first page; amount ascending puts the smallest first.
    await guide.sortButton('Amount').click();
    await expect(guide.pageCount).toHaveText('1–10 of 42');
    // The Amount column's cells, found by its header (a disclosure column may come first).
    const amounts = await guide.rows.evaluateAll((rows) => {
      const headers = Array.from(rows[0]!.closest('table')!.querySelectorAll('thead th'));
      const at = headers.findIndex((th) => th.textContent?.startsWith('Amount'));
      return rows.map((row) => row.children[at]!.textContent ?? '');
    });
    const numbers = amounts.map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await guide.memberSearch.fill('alice');
    await guide.memberSearch.press('Enter');
    await expect(guide.pageCount).toHaveText('1–7 of 7');
    await expect(guide.rows.filter({ hasNotText: 'sample-alice' })).toHaveCount(0);
    await guide.memberSearch.fill('nobody');
    await guide.memberSearch.press('Enter');
    await expect(guide.table).toContainText('No sample transfer matches these filters.');
    await expect(guide.emptyTable).toContainText('Nothing here yet: this is how an empty list looks.');
  });

  test('form layouts: field errors from the contract, and the confirmation that moves nothing', async ({ page }) => {
    const guide = new StyleGuidePage(page);
    await guide.goto('/form-layouts');
    await expect(page.getByText('The username of the member you are paying.')).toBeVisible();
    // A field shown in error, in the contract's own words (amountProblem).
    await expect(guide.fieldInError).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^Amount must be a plain decimal number such as 125\.50/)).toBeVisible();
    await guide.reviewButton.click();
    await expect(page.getByText('Receiver username is required')).toBeVisible();
    await expect(page.getByText('Amount is required')).toBeVisible();
    await expect(guide.dialog).toBeHidden();
    await guide.amount.fill('-5');
    await guide.reviewButton.click();
    await expect(page.getByText('Amount must be greater than 0')).toBeVisible();

    await guide.receiver.fill('sample-bob');
    await guide.amount.fill('12.5');
    await guide.reviewButton.click();
    await expect(guide.dialog).toBeVisible();
    await expect(guide.dialog).toContainText('sample-bob');
    await expect(guide.dialog).toContainText('12.50 USDT');
    expect(await axeSerious(page)).toEqual([]);
    await guide.confirmButton.click();
    await expect(guide.dialog).toBeHidden();
    await expect(page.getByText('Sample only: nothing was sent and no money moved.')).toHaveCount(1);

    // The direct button opens the same dialog; Cancel closes it without a word.
    await guide.openConfirmationButton.click();
    await expect(guide.dialog).toContainText('25.50 USDT');
    await guide.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(guide.dialog).toBeHidden();
  });

  test('the navigation moves between the pages without a reload', async ({ page }) => {
    const guide = new StyleGuidePage(page);
    await guide.goto('/typography');
    for (const entry of STYLE_GUIDE) {
      await guide.navLink(entry.nav).click();
      await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
      await expect(guide.heading).toHaveText(entry.heading);
    }
    // Never /login, which would end a signed-in visitor's session.
    await expect(guide.portalLink).toHaveAttribute('href', '/dashboard');
  });
});

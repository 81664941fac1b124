import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { apiLogin, creditMember, registerViaApi, signIn, signInAdmin, uniqueName } from './support/api';
import { readRoutes, visitAndCheck, watch, type Problem } from './support/tour';

/**
 * The browser tour: every route of the route table, as a guest,
 * as an admin and as a member, at 1366 px and 360 px, in light and dark:
 * no error page, no console error, no failed request, no sideways scroll,
 * lists that keep their actions and key figures in view (and stack on a
 * phone where they should) and no axe-core violation of impact serious or
 * critical. One browser context
 * per role and theme, signed in once; the two widths share it.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
] as const;
const THEMES = ['light', 'dark'] as const;

const routes = readRoutes();

/** Admin pages and the member pages an admin without membership is offered (the menu's rule). */
const ADMIN_MEMBER_PAGES = [
  '/dashboard',
  '/sponsor-tree',
  '/member-network',
  '/member-network2',
  '/placement',
  '/account-settings',
];

let memberUser = { username: '', password: '' };
let memberId = 0;

test.beforeAll(async ({ request }) => {
  const sponsor = await registerViaApi(request, { username: uniqueName('tsp'), fullName: 'Tour Sponsor' });
  memberUser = await registerViaApi(request, {
    username: uniqueName('tour'),
    sponsor: sponsor.username,
    side: 'left',
    fullName: 'Tour Member',
  });
  const member = await apiLogin(request, memberUser.username, memberUser.password);
  memberId = member.user.id;
  await creditMember(request, memberId, { amount: '250', reason: 'Tour funding' });
});

/** A route's path with its parameter filled; the tour knows `:id` (a member), and refuses any other. */
function concrete(path: string): string {
  const filled = path.replace(':id', String(memberId));
  if (filled.includes(':')) throw new Error(`The tour cannot open ${path}: give it a value for the parameter`);
  return filled;
}

test('the tour covers every page of the route table', () => {
  // Each feature's routes.tsx is read whole (readRoutes refuses an entry it cannot read), and each is in the table.
  const table = readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/routes.tsx'), 'utf8');
  for (const feature of readdirSync(path.resolve(import.meta.dirname, '../apps/web/src/features'))) {
    const file = path.resolve(import.meta.dirname, '../apps/web/src/features', feature, 'routes.tsx');
    if (!existsSync(file) || feature === 'style-guide') continue; // the style guide is toured by style-guide.spec.ts
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/export const (\w+Routes)\b/g))
      expect(table, `${name} of features/${feature} is in app/routes.tsx`).toContain(`...${name}`);
  }
  expect(routes.length).toBeGreaterThan(40);
  // Every page has a path the tour can open (a parameter it does not know would skip the page).
  for (const route of routes) expect(() => concrete(route.path)).not.toThrow();
});

async function tour(browser: Browser, theme: (typeof THEMES)[number], role: 'guest' | 'admin' | 'member') {
  const context = await browser.newContext({ colorScheme: theme, viewport: WIDTHS[0], bypassCSP: true }); // bypassCSP: axe-core is injected inline;
  const page = await context.newPage();
  const watcher = watch(page);
  if (role === 'admin') await signInAdmin(page);
  if (role === 'member') await signIn(page, memberUser.username, memberUser.password);
  // The theme followed the system's preference.
  if (role !== 'guest') await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  watcher.take();

  const paths = routes
    .filter((r) =>
      // A public page (the proof of reserves) is toured by everyone.
      r.kind === 'public' || role === 'guest'
        ? r.kind === 'guest' || r.kind === 'public'
        : role === 'admin'
          ? r.kind === 'admin' || ADMIN_MEMBER_PAGES.includes(r.path)
          : r.kind === 'member',
    )
    .map((r) => concrete(r.path));
  expect(paths.length).toBeGreaterThan(3);
  // Tabs the route table does not name: the sessions, two-factor and addresses of one's own account, and its mails.
  if (role !== 'guest') paths.push('/account-settings?tab=security', '/account-settings?tab=notifications');
  // A member's identity check, with nothing uploaded yet (an admin outside the network has no such tab).
  if (role === 'member') paths.push('/account-settings?tab=identity');

  const problems: Problem[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const path of paths) problems.push(...(await visitAndCheck(page, path, watcher)));
  }
  await context.close();
  expect(problems.map((p) => `${p.where}: ${p.what}`)).toEqual([]);
}

for (const theme of THEMES) {
  test(`tour as a guest, ${theme}`, async ({ browser }) => {
    await tour(browser, theme, 'guest');
  });
  test(`tour as an admin, ${theme}`, async ({ browser }) => {
    test.setTimeout(360_000);
    await tour(browser, theme, 'admin');
  });
  test(`tour as a member, ${theme}`, async ({ browser }) => {
    test.setTimeout(360_000);
    await tour(browser, theme, 'member');
  });
}

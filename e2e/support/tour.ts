import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import { isLongLived } from './streams';

/**
 * The browser tour's tools: the routes read from the web app's route table
 * (so a page added there is toured without touching the test), and one check
 * per visit: no error page, no console error, no failed request, no axe-core
 * violation of impact serious or critical.
 */

export interface TourRoute {
  path: string;
  kind: 'guest' | 'member' | 'admin' | 'public';
}

const FEATURES_DIR = path.resolve(import.meta.dirname, '../../apps/web/src/features');

/**
 * Every page of the route table with its access, read from each feature's
 * `routes.tsx` (app/routes.tsx only puts those lists together): each entry
 * starts `guestPage('…'`, `memberPage('…'`, `adminPage('…'` or `publicPage('…'`
 * (apps/web/src/shared/app-route.ts).
 */
export function readRoutes(): TourRoute[] {
  const routes: TourRoute[] = [];
  const entry = /\b(guest|member|admin|public)Page\(\s*'([^']+)'/g;
  // Every entry, however written: one whose path is not a plain string would be missed by `entry`.
  const anyEntry = /\b(guest|member|admin|public)Page\(/g;
  for (const feature of readdirSync(FEATURES_DIR).sort()) {
    let source: string;
    try {
      source = readFileSync(path.join(FEATURES_DIR, feature, 'routes.tsx'), 'utf8');
    } catch {
      continue; // a feature without pages of its own
    }
    const found = [...source.matchAll(entry)];
    const written = [...source.matchAll(anyEntry)].length;
    if (found.length !== written)
      throw new Error(
        `features/${feature}/routes.tsx has ${written} pages but the tour reads ${found.length}: give each its path as a plain string`,
      );
    for (const match of found) routes.push({ path: match[2]!, kind: match[1] as TourRoute['kind'] });
  }
  return routes;
}

const AXE_SOURCE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

export interface Problem {
  where: string;
  what: string;
}

/** Listens to a page for console errors and failed requests; `take()` hands over and clears what was seen. */
export function watch(page: Page) {
  let seen: string[] = [];
  let inflight = 0;
  const counted = (request: Request) => !isLongLived(request);
  page.on('request', (request) => counted(request) && (inflight += 1));
  page.on('requestfinished', (request) => counted(request) && (inflight -= 1));
  page.on('requestfailed', (request) => counted(request) && (inflight -= 1));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Requests cut short by leaving the page are not failures of the page.
    if (!failure.includes('ERR_ABORTED')) seen.push(`failed ${request.method()} ${request.url()}: ${failure}`);
  });
  return {
    /** Resolves once no request has been out for three checks in a row. */
    async idle(): Promise<void> {
      let quiet = 0;
      for (let i = 0; i < 200 && quiet < 3; i += 1) {
        await page.waitForTimeout(100);
        quiet = inflight <= 0 ? quiet + 1 : 0;
      }
    },
    take(): string[] {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string; html?: string }>;
}

/** Runs axe-core in the page; answers the serious and critical violations, one line each. */
export async function axeSerious(page: Page): Promise<string[]> {
  // A tooltip the last click's hover opened is still fading when axe reads it, and its half-transparent
  // colours fail the contrast rule though nobody sees them so: move the pointer away and let it close.
  // A tooltip that stays open is checked as it is.
  await page.mouse.move(0, 0);
  await page
    .getByRole('tooltip')
    .first()
    .waitFor({ state: 'hidden', timeout: 2_000 })
    .catch(() => undefined);
  // A theme switched just before (light → dark) fades its colours in: axe would read a colour half-way, which
  // neither theme has. Wait for every running transition to end (finished or cancelled).
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html?.slice(0, 160) })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.html ?? JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(0, 2).join(' ') ?? ''}`).join(' | ')}`,
    );
}

/**
 * The lists keep their actions and key figures in view (DataTable): on a desktop (1280 px and wider) no table
 * scrolls sideways, which would put columns off-screen (a wide list keeps its secondary columns in the rows'
 * details), and every pinned cell (a row's actions) is inside the table's box and the window; on a phone (below
 * 600 px) a list that stacks (`stackOnPhone`) shows its rows as blocks and does not scroll sideways.
 */
export async function tablesInView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const region = table.parentElement;
      if (!region || region.getAttribute('role') !== 'region') continue;
      const name = table.getAttribute('aria-label') ?? '(unnamed)';
      const box = region.getBoundingClientRect();
      const over = region.scrollWidth - region.clientWidth;
      if (width >= 1280) {
        if (over > 1) {
          const hidden = Array.from(table.querySelectorAll('thead th'))
            .filter((th) => th.getBoundingClientRect().right > box.right + 1)
            .map((th) => th.textContent || '(unlabelled)');
          problems.push(`table "${name}" scrolls sideways by ${over}px, hiding ${hidden.join(', ')}`);
        }
        const offScreen = Array.from(table.querySelectorAll('td[data-pinned]')).find((cell) => {
          const at = cell.getBoundingClientRect();
          return at.right > Math.min(box.right, width) + 1 || at.left < box.left - 1;
        });
        if (offScreen) problems.push(`table "${name}": a row's actions are off-screen`);
      }
      if (width < 600 && table.hasAttribute('data-stack-on-phone')) {
        const row = table.querySelector('tbody tr');
        if (row && getComputedStyle(row).display !== 'block')
          problems.push(`table "${name}" does not stack on a phone`);
        if (over > 1) problems.push(`table "${name}" scrolls sideways by ${over}px on a phone`);
      }
    }
    return problems;
  });
}

/**
 * Opens a page and checks it: it settles, it is not an error page, the page
 * does not scroll sideways, and nothing went wrong on the way.
 */
/**
 * The page does not scroll sideways once it has laid itself out again for
 * its viewport (a resize is followed by React's media queries and the toasts'
 * own transitions), as a person sees it a moment later.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

export async function visitAndCheck(page: Page, url: string, watcher: ReturnType<typeof watch>): Promise<Problem[]> {
  // Inside the app, as a click on a link would (no reload: the tour stays fast).
  if (page.url().startsWith('http')) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await page.waitForURL((u) => u.pathname === url.split('?')[0]);
  } else {
    await page.goto(url);
  }
  await watcher.idle();
  // Let skeletons give way to content (no timing asserted: we wait for the state).
  await expect(page.locator('.MuiSkeleton-root'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  const problems: Problem[] = [];
  const where = `${url} @${page.viewportSize()?.width}px`;
  const errorPage = await page.getByText(/^(Something went wrong|Page not found)$/).count();
  if (errorPage > 0) problems.push({ where, what: 'error page shown' });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (sideways > 1) problems.push({ where, what: `page scrolls sideways by ${sideways}px` });
  for (const what of await tablesInView(page)) problems.push({ where, what });
  for (const what of await axeSerious(page)) problems.push({ where, what });
  for (const what of watcher.take()) problems.push({ where, what });
  return problems;
}

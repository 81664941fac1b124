import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/support/constants';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const LOOK = /(tour|style-guide)\.spec\.ts/;
const SECOND_HALF = /(auth|deposits|plan-admin|products|statements|sign-in-weight)\.spec\.ts/;
const LAST = /(withdrawals|ranks|four-eyes)\.spec\.ts/;
type Project = NonNullable<PlaywrightTestConfig['projects']>[number];
const project = (name: string, files: Pick<Project, 'testMatch' | 'testIgnore' | 'dependencies'>): Project => ({
  name,
  use: { ...devices['Desktop Chrome'], channel: undefined },
  ...files,
});

/**
 * The browser tests in three parts, each on a portal of its own when run alone (`E2E_PART`): two halves
 * of the journeys and the look of every page. `npm test` runs them through scripts/once.ts, so two runs
 * side by side (.ci/run) share them out: each part runs once, on one database or the other, whichever
 * run takes it (docs/decisions/0060-browser-tests-shared-between-the-databases.md). Without `E2E_PART`,
 * all of them run on one portal.
 */
function projectsOf(part: string | undefined): Project[] {
  const journeys1 = project('journeys-1', { testIgnore: [LOOK, SECOND_HALF, LAST] });
  const journeys2 = project('journeys-2', { testMatch: SECOND_HALF });
  // The look of every page (each route and the style guide, both widths and themes, axe-core).
  const look = project('look', { testMatch: LOOK });
  const alone = part ? [] : ['journeys-1', 'look'];
  const last = [
    // After every other file of its portal: it funds the hot wallet from the test token's faucet, tokens
    // the ledger never booked, which the deposits test's reconciliation would rightly flag as unexplained.
    project('payouts', { testMatch: /withdrawals\.spec\.ts/, dependencies: ['journeys-2', ...alone] }),
    // Then: a rank with a bonus pays every member who meets it, figures the other files check.
    project('ranks', { testMatch: /ranks\.spec\.ts/, dependencies: ['payouts'] }),
    // Last: declaring the portal live makes loosening changes (and new admins) wait, which the others do freely.
    project('live', { testMatch: /four-eyes\.spec\.ts/, dependencies: ['ranks'] }),
  ];
  if (part === 'journeys-1') return [journeys1];
  if (part === 'journeys-2') return [journeys2, ...last];
  if (part === 'look') return [look];
  if (part) throw new Error(`E2E_PART is journeys-1, journeys-2 or look, not ${part}`);
  return [journeys1, journeys2, look, ...last];
}

/**
 * Browser tests drive the built app in Debian's Chromium (no browser download),
 * served by the real portal on a fresh database: a new PGlite folder, or a
 * scratch database on the server of DATABASE_URL.
 */
export default defineConfig({
  testDir: './e2e',
  // One folder per port: CI runs the PGlite and PostgreSQL suites side by side (.ci/run).
  outputDir: `test-results/e2e-${PORT}`,
  // A journey of several people takes 15-30 s on a quiet machine and up to
  // 2.5 times that on the shared 2-core CI machine, with two workers, the
  // portal and its chain on the same cores; with both databases' suites side
  // by side (.ci/run) every step took several seconds and journeys that were
  // still moving ran past 120 s. A bound, not a wait: a passing test ends
  // when its last step does.
  timeout: 240_000,
  // A sign-in (an argon2 check, then the signed-in pages' first load) took
  // over 10 s twice while an admin tour ran beside it on PGlite's one
  // connection; an expectation that holds passes as soon as it holds, so
  // the longer wait costs only failing runs.
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace: recording one for every test took a sixth of the suite's CPU, and a failure keeps its
    // screenshot and error context. `--trace on` records them when looking into one.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
    // As a person who asks for less motion: the app then runs no animation (apps/web/src/app/theme/reduced-motion.css). Software
    // compositing of skeletons and spinners took a third of the suite's CPU (docs/performance.md, "CI time").
    reducedMotion: 'reduce',
  },
  projects: projectsOf(process.env.E2E_PART),
  webServer: {
    command: `npx tsx e2e/support/serve.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/support/constants';

const PORT = Number(process.env.E2E_PORT ?? 4173);

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
  // portal and its chain on the same cores.
  timeout: 120_000,
  // A sign-in (an argon2 check, then the signed-in pages' first load) took
  // over 10 s twice while an admin tour ran beside it on PGlite's one
  // connection; an expectation that holds passes as soon as it holds, so
  // the longer wait costs only failing runs.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /(withdrawals|ranks|four-eyes)\.spec\.ts/,
    },
    // Last, after every other file: it funds the hot wallet from the test token's
    // faucet, tokens the ledger never booked, which the deposits test's
    // reconciliation would rightly flag as unexplained.
    {
      name: 'chromium-payouts',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /withdrawals\.spec\.ts/,
      dependencies: ['chromium'],
    },
    // Last of all: a rank with a bonus pays every member who meets it, figures the other files check.
    {
      name: 'chromium-ranks',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /ranks\.spec\.ts/,
      dependencies: ['chromium-payouts'],
    },
    // After everything: declaring the portal live makes loosening changes (and new admins) wait, which the other files do freely.
    {
      name: 'chromium-live',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /four-eyes\.spec\.ts/,
      dependencies: ['chromium-ranks'],
    },
  ],
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

/**
 * `npm run screenshots`: the README's pictures, taken by the browser from the
 * demo data. A fresh portal on a temporary data folder (PGlite) is filled by
 * `bench/seed-demo.ts` (a small demo: 120 members over 30 days), started with
 * `apps/api/src/main.ts`, and Debian's Chromium signs in through the real
 * sign-in page as a demo member and as an admin with two-factor, then shoots
 * each page in light and dark, on a desktop (1366×768) and a phone (360×740),
 * into `docs/screenshots/<page>-<theme>-<desktop|phone>.png` (the viewport
 * only, to keep the files small).
 *
 * Each shot waits for its page's key content; a page that does not show it
 * (a sign-in page, an error, a spinner) stops the run with a non-zero exit.
 * Needs the web app built (`npm run build -w apps/web`; `npm run screenshots`
 * builds it first). `SCREENSHOTS_PORT` (4191) is the portal's port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { privateKeyToAccount } from 'viem/accounts';
import { AdminDashboardPage } from '../pages/AdminDashboardPage';
import { Bep20WalletsPage } from '../pages/Bep20WalletsPage';
import { DashboardPage } from '../pages/DashboardPage';
import { DepositPage } from '../pages/DepositPage';
import { LoginPage } from '../pages/LoginPage';
import { MemberNetworkPage } from '../pages/MemberNetworkPage';
import { SignedInFrame } from '../pages/SignedInFrame';
import { WalletPage } from '../pages/WalletPage';
import { WithdrawApprovalPage } from '../pages/WithdrawApprovalPage';
import { CHROMIUM_LAUNCH } from '../support/constants';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4191);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'Screens-Admin-Pass-2026!';
const OPERATOR = { username: 'operator', password: 'Screens-Operator-Pass-2026!' };
/** demo1 is the company's left: the member with the largest network of the demo (bench/demo/living-network.ts). */
const MEMBER = 'demo1';
/** Members who ask to withdraw, so that the approval page has something to approve (not demo1: it signs in without a code). */
const WITHDRAWERS = ['demo3', 'demo4', 'demo5', 'demo6', 'demo7', 'demo8', 'demo9', 'demo10'];
const WAIT_MS = 30_000;
/** The demo members' password: DEMO_PASSWORD of bench/seed-demo.ts (importing that file would run the seed). */
const DEMO_PASSWORD = 'Demo-Network-2026!';
/** The app's light/dark choice: THEME_MODE_KEY of apps/web/src/app/theme/ThemeModeProvider.tsx (a React module). */
const THEME_MODE_KEY = 'portal.themeMode';

const VIEWPORTS = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 360, height: 740 },
} as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Shot {
  name: string;
  path: string;
  /** What must be on screen before the picture is taken. */
  keyContent: (page: Page) => Locator[];
}

const MEMBER_SHOTS: Shot[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    keyContent: (page) => {
      const p = new DashboardPage(page);
      return [p.depositBalance, p.planOverview, p.recentActivity.locator('tbody tr').first()];
    },
  },
  {
    name: 'wallet',
    path: '/wallet',
    keyContent: (page) => {
      const p = new WalletPage(page);
      return [p.depositBalance, p.history.locator('tbody tr').first()];
    },
  },
  {
    name: 'member-network',
    path: '/member-network',
    keyContent: (page) => {
      const p = new MemberNetworkPage(page);
      return [p.rootSummary, p.node(MEMBER)];
    },
  },
  {
    name: 'deposit',
    path: '/deposit',
    keyContent: (page) => {
      const p = new DepositPage(page);
      return [p.qrCode, p.address, p.balance];
    },
  },
];

const ADMIN_SHOTS: Shot[] = [
  {
    name: 'admindashboard',
    path: '/admindashboard',
    keyContent: (page) => {
      const p = new AdminDashboardPage(page);
      return [p.closeStatus, p.chart];
    },
  },
  {
    name: 'withdraw-approval',
    path: '/withdraw-approval',
    keyContent: (page) => {
      const p = new WithdrawApprovalPage(page);
      return [p.hotWallet, p.rows.first()];
    },
  },
  {
    name: 'bep20-wallets',
    path: '/bep20-wallets',
    keyContent: (page) => {
      const p = new Bep20WalletsPage(page);
      return [p.treasuryBalance, p.reconciliation];
    },
  },
];

function fail(message: string): never {
  throw new Error(`screenshots: ${message}`);
}

// ---- the portal ---------------------------------------------------------------

function portalEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  // Always the embedded database on the temporary folder: the demo's dates are walked on its clock (README, "Demo data").
  delete env.DATABASE_URL;
  delete env.CHAIN_RPC_URL;
  delete env.JWT_SECRET;
  return env;
}

function seed(dataDir: string) {
  console.log(`Seeding a small demo in ${dataDir}…`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed-demo.ts', '--size', '120', '--days', '30'], {
    cwd: ROOT,
    env: portalEnv(dataDir),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) fail(`seed:demo exited with ${run.status ?? run.signal}`);
}

async function startPortal(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: portalEnv(dataDir),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: number | string | null = null;
  child.on('exit', (code, signal) => (exited = code ?? signal));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (exited !== null) fail(`the portal exited with ${exited} before answering`);
    const res = await fetch(`${BASE}/api/health`).catch(() => undefined);
    if (res?.status === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  fail(`the portal did not answer on ${BASE}/api/health`);
}

async function stopPortal(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ---- the API, to prepare what the pictures show --------------------------------

async function api<T>(
  method: string,
  url: string,
  init: { token?: string; basic?: [string, string]; headers?: Record<string, string>; body?: unknown; expect: number },
): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.basic) headers.authorization = `Basic ${Buffer.from(init.basic.join(':')).toString('base64')}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${BASE}/api${url}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status !== init.expect)
    fail(`${method} /api${url} answered ${res.status} (expected ${init.expect}): ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A sign-in through the API; `code`, a current two-factor code, for an account that has it on. */
const login = (username: string, password: string, code?: string) =>
  api<{ accessToken: string }>('POST', '/auth/login', {
    basic: [username, password],
    ...(code ? { headers: { 'x-totp-code': code } } : {}),
    expect: 200,
  }).then((s) => s.accessToken);

/** A TOTP authenticator that never hands out a code of a step already used (the portal accepts each step once). */
function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  let lastStep = -1;
  return async () => {
    while (lastStep >= totp.counter() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
    lastStep = Math.max(totp.counter(), lastStep + 1);
    return totp.generate({ timestamp: lastStep * 30_000 });
  };
}

/** Turns two-factor on for a signed-in account, through the real set-up; answers its code source. */
async function enableTwoFactor(token: string) {
  const { secret } = await api<{ secret: string }>('POST', '/me/2fa/setup', { token, expect: 200 });
  const code = authenticator(secret);
  await api('POST', '/me/2fa/enable', { token, body: { code: await code() }, expect: 200 });
  return code;
}

/**
 * The token of the set-password link the portal mailed to `email`: the
 * newest mail to it in the file outbox of the data folder (no SMTP here).
 */
function mailedToken(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'outbox');
  const mail = readdirSync(dir)
    .sort()
    .reverse()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .find((text) => text.startsWith(`To: ${email}\n`));
  const token = mail && /\/password-reset\?invite=1&token=(\S+)/.exec(mail)?.[1];
  if (!token) fail(`no set-password link was mailed to ${email}`);
  return decodeURIComponent(token);
}

/**
 * An admin with two-factor, as the portal asks of admins who approve
 * (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md): the
 * pictures show an operator's pages without the set-up prompt. The operator
 * sets their password from the invitation mailed to them
 * (docs/decisions/0056-admins-invite-new-admins.md).
 */
async function prepareOperator(dataDir: string) {
  // Every admin write needs an admin signed in with two-factor
  // (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md): the first admin turns it on, then
  // signs in again with a code.
  const adminCode = await enableTwoFactor(await login('admin', ADMIN_PASSWORD));
  const adminToken = await login('admin', ADMIN_PASSWORD, await adminCode());
  const email = 'operator@example.com';
  await api('POST', '/admin/users', {
    token: adminToken,
    body: { username: OPERATOR.username, email, fullName: 'Olivia Operator' },
    expect: 201,
  });
  await api('POST', '/auth/reset-password', {
    body: { token: mailedToken(dataDir, email), password: OPERATOR.password },
    expect: 204,
  });
  const token = await login(OPERATOR.username, OPERATOR.password);
  const code = await enableTwoFactor(token);
  // No hold on new withdrawal addresses, so the demo's members can ask to withdraw right away.
  await api('PATCH', '/admin/settings', { token, body: { withdrawalAddressHoldHours: '0' }, expect: 200 });
  return code;
}

/** A few demo members with income ask to withdraw part of it (two-factor on, an address saved), as members do. */
async function prepareWithdrawals() {
  let made = 0;
  for (const username of WITHDRAWERS) {
    if (made >= 4) break;
    const token = await login(username, DEMO_PASSWORD);
    const terms = await api<{ minimum: string; balance: string }>('GET', '/withdrawals/terms', { token, expect: 200 });
    // Half the income, to whole cents; decimal strings, never floats, for money (docs/architecture.md).
    const cents = toCents(terms.balance) / 2n;
    if (cents < toCents(terms.minimum) || cents === 0n) continue;
    const amount = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
    const code = await enableTwoFactor(token);
    const address = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
    await api('POST', '/withdrawal-addresses', { token, body: { address }, expect: 201 });
    await api('POST', '/withdrawals', { token, body: { amount, address, totpCode: await code() }, expect: 201 });
    made += 1;
  }
  if (made === 0) fail(`none of ${WITHDRAWERS.join(', ')} had income enough to withdraw`);
  console.log(`${made} withdrawals waiting for approval.`);
}

/** A decimal string's whole cents (what is below a cent is dropped). */
function toCents(value: string): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
}

// ---- the browser ---------------------------------------------------------------

async function signIn(page: Page, username: string, password: string, code?: () => Promise<string>) {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.fill(username, password);
  await loginPage.submit();
  if (code) {
    await loginPage.code.waitFor({ timeout: WAIT_MS });
    await loginPage.code.fill(await code());
    await loginPage.submit();
  }
  await new SignedInFrame(page).pageTitle.waitFor({ timeout: WAIT_MS });
}

async function shoot(page: Page, shot: Shot, theme: Theme, device: keyof typeof VIEWPORTS) {
  const file = path.join(OUT_DIR, `${shot.name}-${theme}-${device}.png`);
  await page.goto(shot.path);
  try {
    for (const locator of shot.keyContent(page)) await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
    if (new URL(page.url()).pathname !== shot.path) fail(`landed on ${page.url()}`);
    // No spinner left: the picture shows the page loaded.
    await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, undefined, {
      timeout: WAIT_MS,
    });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400); // transitions (MUI's fades take 225 ms)
  } catch (error) {
    await page
      .screenshot({ path: path.join(tmpdir(), `screenshots-failed-${shot.name}-${theme}-${device}.png`) })
      .catch(() => undefined);
    fail(`${shot.path} (${theme}, ${device}) did not show its key content: ${(error as Error).message}`);
  }
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  console.log(`  ${path.relative(ROOT, file)} (${Math.round(statSync(file).size / 1024)} KB)`);
}

async function takeAll(operatorCode: () => Promise<string>) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const errors: string[] = [];
  try {
    for (const [who, shots] of [
      ['member', MEMBER_SHOTS],
      ['admin', ADMIN_SHOTS],
    ] as const) {
      const context = await browser.newContext({
        baseURL: BASE,
        viewport: VIEWPORTS.desktop,
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      if (who === 'member') await signIn(page, MEMBER, DEMO_PASSWORD);
      else await signIn(page, OPERATOR.username, OPERATOR.password, operatorCode);
      for (const theme of THEMES) {
        // The app's own light/dark choice (apps/web/src/app/theme/ThemeModeProvider.tsx), read when a page loads.
        await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
          THEME_MODE_KEY,
          theme,
        ] as const);
        await page.emulateMedia({ colorScheme: theme });
        for (const device of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
          await page.setViewportSize(VIEWPORTS[device]);
          for (const shot of shots) await shoot(page, shot, theme, device);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (errors.length > 0) fail(`errors in the pages:\n${errors.join('\n')}`);
}

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    fail('the web app is not built: run `npm run build -w apps/web` first');
  mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-screens-'));
  let portal: ChildProcess | undefined;
  try {
    seed(dataDir);
    portal = await startPortal(dataDir);
    const operatorCode = await prepareOperator(dataDir);
    await prepareWithdrawals();
    await takeAll(operatorCode);
    console.log(
      `Done: ${MEMBER_SHOTS.length * 4 + ADMIN_SHOTS.length * 4} pictures in ${path.relative(ROOT, OUT_DIR)}.`,
    );
  } finally {
    if (portal) await stopPortal(portal);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * Starts the real portal for the browser tests on a database of its own, with
 * a known admin password and a short access-token lifetime so that the
 * refresh-on-401 path really runs.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_PASSWORD, e2eDataDir } from './constants';
import { firstAdminCode } from './admin-authenticator';
import { scratchDatabase } from '../../apps/api/src/platform/db/scratch-database';

const port = process.env.E2E_PORT ?? '4173';
const serverUrl = process.env.DATABASE_URL;

if (serverUrl) {
  // One scratch database per port, so two runs side by side never share one.
  process.env.DATABASE_URL = scratchDatabase(serverUrl, `portal_e2e_${port}`).url;
}
// A fresh data folder either way: the embedded database (without DATABASE_URL) and the file outbox.
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
process.env.DATA_DIR = dataDir;
// Where a test finds the data folder, to send test USDT with `chain:send`.
writeFileSync(path.join(tmpdir(), `portal-e2e-${port}.datadir`), dataDir);

Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
  ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '900',
  LOG_LEVEL: 'warn',
  // The browser tests register many members from one address.
  REGISTRATIONS_PER_HOUR: '100000',
  // The webhooks test's receiver listens on this machine (e2e/webhooks.spec.ts).
  WEBHOOKS_ALLOW_PRIVATE: 'true',
});

await import('../../apps/api/src/main');

// The admin's first sign-in happens here, and turns two-factor on through the
// real set-up: every admin write needs an admin with two-factor
// (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md).
// The tests sign the admin in with codes of the same authenticator
// (admin-authenticator.ts); e2e/admin-two-factor.spec.ts follows a new
// admin's first sign-in instead.
const basic = `Basic ${Buffer.from(`admin:${E2E_ADMIN_PASSWORD}`).toString('base64')}`;
let accessToken: string;
for (let attempt = 0; ; attempt += 1) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { authorization: basic },
  }).catch(() => undefined);
  if (res?.status === 200) {
    accessToken = ((await res.json()) as { accessToken: string }).accessToken;
    break;
  }
  if (attempt > 300) throw new Error(`the admin's first sign-in failed: ${res?.status}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const asAdmin = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
const setup = await fetch(`http://127.0.0.1:${port}/api/me/2fa/setup`, {
  method: 'POST',
  headers: asAdmin,
  body: '{}',
});
if (setup.status !== 200) throw new Error(`the admin's two-factor set-up failed: ${setup.status}`);
const { secret } = (await setup.json()) as { secret: string };
const enabled = await fetch(`http://127.0.0.1:${port}/api/me/2fa/enable`, {
  method: 'POST',
  headers: asAdmin,
  body: JSON.stringify({ code: firstAdminCode(dataDir, secret) }),
});
if (enabled.status !== 200) throw new Error(`turning the admin's two-factor on failed: ${enabled.status}`);

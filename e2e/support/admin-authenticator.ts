import { mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { e2eDataDir } from './constants';

/**
 * The bootstrap admin's authenticator in the browser tests. Every admin
 * write needs an admin with two-factor
 * (docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md),
 * so the test server turns it on for the admin at start (serve.ts) and keeps
 * the secret in its data folder. The portal takes each code once, and the
 * workers sign the admin in side by side: the last time step used is kept
 * in the same file, and a code is reserved and sent under one lock.
 */
interface Authenticator {
  secret: string;
  lastStep: number;
}

const file = (dataDir = e2eDataDir()) => path.join(dataDir, 'admin-authenticator.json');
const lock = () => path.join(e2eDataDir(), 'admin-authenticator.lock');
const totpFor = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The code of the current time step, for the set-up; the step is recorded as used. */
export function firstAdminCode(dataDir: string, secret: string): string {
  const totp = totpFor(secret);
  const step = totp.counter();
  writeFileSync(file(dataDir), JSON.stringify({ secret, lastStep: step } satisfies Authenticator), { mode: 0o600 });
  return totp.generate({ timestamp: step * 30_000 });
}

/**
 * Runs `use` with a code no sign-in has sent yet, holding the lock until it
 * returns: the portal refuses a code for a step at or before the last one it
 * took, so a code reserved first but sent second would be refused. Only the
 * sign-ins that must be this admin's come here (signInAdmin uses an admin of
 * its own, support/api.ts), so the wait for the next 30 s step is rare.
 */
export async function withAdminCode<T>(use: (code: string) => Promise<T>): Promise<T> {
  await takeLock();
  try {
    const state = JSON.parse(readFileSync(file(), 'utf8')) as Authenticator;
    const totp = totpFor(state.secret);
    const step = Math.max(totp.counter(), state.lastStep + 1);
    writeFileSync(file(), JSON.stringify({ ...state, lastStep: step } satisfies Authenticator));
    // The portal takes the steps around now (±1): the next one is good from the start of this one.
    const acceptableFrom = (step - 1) * 30_000 + 250;
    if (Date.now() < acceptableFrom) await sleep(acceptableFrom - Date.now());
    return await use(totp.generate({ timestamp: step * 30_000 }));
  } finally {
    rmdirSync(lock());
  }
}

/** The lock is a folder (mkdir is atomic); one left by a worker that died holding it is taken after two minutes. */
async function takeLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock());
      return;
    } catch {
      try {
        if (Date.now() - statSync(lock()).mtimeMs > 120_000) rmdirSync(lock());
      } catch {
        // Released meanwhile.
      }
      await sleep(50);
    }
  }
}

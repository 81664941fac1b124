import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
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
 * in the same file, changed under a lock, so no two sign-ins send one code.
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
 * A code no sign-in has sent yet. Each caller reserves the next unused step
 * at once, in the order callers come (under the lock), then waits until the
 * portal accepts that step (it takes the steps around now, ±1): first come,
 * first served, so a worker never loses the race for a step again and again
 * while the other signs in many times.
 */
export async function adminCode(): Promise<string> {
  const { totp, step } = await reserveStep();
  const acceptableFrom = (step - 1) * 30_000 + 250;
  if (Date.now() < acceptableFrom) await sleep(acceptableFrom - Date.now());
  return totp.generate({ timestamp: step * 30_000 });
}

async function reserveStep(): Promise<{ totp: TOTP; step: number }> {
  for (;;) {
    try {
      mkdirSync(lock());
    } catch {
      await sleep(50);
      continue;
    }
    try {
      const state = JSON.parse(readFileSync(file(), 'utf8')) as Authenticator;
      const totp = totpFor(state.secret);
      const step = Math.max(totp.counter(), state.lastStep + 1);
      writeFileSync(file(), JSON.stringify({ ...state, lastStep: step } satisfies Authenticator));
      return { totp, step };
    } finally {
      rmdirSync(lock());
    }
  }
}

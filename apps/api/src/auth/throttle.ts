import type { ApiErrorCode } from '@portal/contract';
import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit } from '../audit/write-audit';
import { tooManyRequests } from '../shared/errors';

/**
 * Sign-in throttling that cannot deny a legitimate user (docs/decisions/0010-sign-in-that-holds.md):
 * - failures for one username, from browsers that have not signed in to it
 *   before, slow the next such attempt down (a growing delay, never a fixed
 *   lockout): the first `freeFailures` cost nothing, then each one doubles
 *   the wait, up to `maxDelayMs`;
 * - a browser with a valid device cookie for the account (see
 *   `device-cookie.ts`) is not slowed by failures from elsewhere; its own
 *   failures count against its cookie, which stops being trusted after
 *   `deviceFailures` of them;
 * - one address may fail `addressFailures` times in the window across all
 *   usernames; beyond that it is refused, except for an account it has
 *   signed in to before (or holds a device cookie for).
 * Failures are rows of `login_failures` (key, failed_at) within `windowMs`.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  addressFailures: 100,
  deviceFailures: 10,
};

/** The wait after `failures` failures of one username (0 while under the free budget). */
export function delayAfter(failures: number): number {
  if (failures < THROTTLE.freeFailures) return 0;
  return Math.min(THROTTLE.maxDelayMs, THROTTLE.baseDelayMs * 2 ** (failures - THROTTLE.freeFailures));
}

export const userKey = (key: string) => `user:${key}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const deviceKey = (nonce: string) => `device:${nonce}`;

/** The failures of a key within the window that ends at `now`. */
const inWindow = (key: string, now: Date) =>
  sql`key = ${key} AND failed_at > ${new Date(now.getTime() - THROTTLE.windowMs)} AND failed_at <= ${now}`;

async function failuresOf(db: Sql, key: string, now: Date): Promise<{ count: number; last: Date | null }> {
  const { rows } = await db.query<{ count: number | string; last: Date | null }>(
    sql`SELECT count(*) AS count, max(failed_at) AS last FROM login_failures WHERE ${inWindow(key, now)}`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), last: row?.last ? new Date(row.last) : null };
}

function refuse(waitMs: number, what: string, code: ApiErrorCode = 'LOGIN_LOCKED'): never {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  throw tooManyRequests(code, `Too many failed ${what}. Try again in ${when}.`, seconds);
}

/** Refuses (429 LOGIN_LOCKED, Retry-After) while the username's growing delay runs. */
export async function assertUsernameNotSlowed(
  db: Sql,
  key: string,
  now: Date,
  what = 'sign-in attempts',
  code: ApiErrorCode = 'LOGIN_LOCKED',
): Promise<void> {
  const { count, last } = await failuresOf(db, key, now);
  const delay = delayAfter(count);
  if (!delay || !last) return;
  const wait = last.getTime() + delay - now.getTime();
  if (wait > 0) refuse(wait, what, code);
}

/** True when the address has used up its failures for the window. */
export async function addressOverLimit(db: Sql, ip: string, now: Date): Promise<{ over: boolean; waitMs: number }> {
  const { rows } = await db.query<{ count: number | string; oldest: Date | null }>(
    sql`SELECT count(*) AS count, min(failed_at) AS oldest FROM (
          SELECT failed_at FROM login_failures WHERE ${inWindow(addressKey(ip), now)}
           ORDER BY failed_at DESC LIMIT ${THROTTLE.addressFailures}) recent`,
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count < THROTTLE.addressFailures) return { over: false, waitMs: 0 };
  const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : now.getTime();
  return { over: true, waitMs: oldest + THROTTLE.windowMs - now.getTime() };
}

export const refuseAddress = (waitMs: number): never => refuse(waitMs, 'sign-in attempts from this address');

/** True when the device cookie has failed too often to be trusted any more. */
export async function deviceDistrusted(db: Sql, nonce: string, now: Date): Promise<boolean> {
  return (await failuresOf(db, deviceKey(nonce), now)).count >= THROTTLE.deviceFailures;
}

/**
 * Records one failure under each key, forgets failures older than the window,
 * and audits the moment a key starts being throttled.
 */
export async function recordFailure(db: Sql, keys: string[], now: Date, ip: string): Promise<void> {
  await forgetOldFailures(db, keys, now);
  await writeFailures(db, keys, now);
  await auditThresholds(db, keys, now, ip);
}

/** One failure row per key at `now`. */
async function writeFailures(db: Sql, keys: string[], now: Date): Promise<void> {
  await db.query(sql`INSERT INTO login_failures (key, failed_at) SELECT unnest(${keys}::text[]), ${now}`);
}

/** Failures older than the window no longer count: they go. */
async function forgetOldFailures(db: Sql, keys: string[], now: Date): Promise<void> {
  await db.query(
    sql`DELETE FROM login_failures WHERE key = ANY(${keys}::text[]) AND failed_at <= ${new Date(now.getTime() - THROTTLE.windowMs)}`,
  );
}

async function auditThresholds(db: Sql, keys: string[], now: Date, ip: string): Promise<void> {
  for (const key of keys) {
    const { count } = await failuresOf(db, key, now);
    const threshold = key.startsWith('ip:')
      ? THROTTLE.addressFailures
      : key.startsWith('device:')
        ? THROTTLE.deviceFailures
        : THROTTLE.freeFailures;
    if (count === threshold) {
      await auditThrottle(db, key, { failures: count, windowMinutes: THROTTLE.windowMs / 60_000 }, ip);
    }
  }
}

/**
 * Before the password is checked, the attempt is written down as a failure
 * of its keys (a reservation), under a per-key advisory lock on PostgreSQL:
 * so many attempts sent at once cannot all pass the check before any of
 * them is counted. `check` runs in the same transaction, before the
 * reservation (the delays and limits). A right password then takes the
 * reservation back (`releaseAttempt`); a wrong one keeps it
 * (`confirmFailure`).
 */
export async function reserveAttempt(
  db: Database,
  keys: string[],
  now: Date,
  check: (tx: Sql) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      for (const key of [...keys].sort())
        await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${key}`}))`);
    }
    await check(tx);
    await writeFailures(tx, keys, now);
  });
}

/** A wrong password: the reservation stays a failure; old ones are forgotten and a throttle that starts is audited. */
export async function confirmFailure(db: Sql, keys: string[], now: Date, ip: string): Promise<void> {
  await forgetOldFailures(db, keys, now);
  await auditThresholds(db, keys, now, ip);
}

/** The right password: the reservation (one row per key at `now`) is taken back. */
export async function releaseAttempt(db: Sql, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    await db.query(
      sql`DELETE FROM login_failures WHERE ctid IN (SELECT ctid FROM login_failures WHERE key = ${key} AND failed_at = ${now} LIMIT 1)`,
    );
  }
}

/** A success forgets the failures of these keys. */
export async function clearFailures(db: Sql, keys: string[]): Promise<void> {
  await db.query(sql`DELETE FROM login_failures WHERE key = ANY(${keys}::text[])`);
}

/**
 * The audit row of a throttle that starts: no actor (it is the system that
 * acts), the throttled key as target.
 */
async function auditThrottle(db: Sql, key: string, details: Record<string, unknown>, ip: string): Promise<void> {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  // A device cookie's nonce is a credential of sorts: the audit keeps only its start.
  const target = kind === 'device' ? `${key.slice(colon + 1, colon + 7)}…` : key.slice(colon + 1);
  const action = `auth.throttle.${kind === 'ip' ? 'address' : kind === 'user' ? 'username' : kind}`;
  await writeAudit(db, {
    actor: { userId: null, ip },
    action,
    targetType: kind === 'ip' ? 'address' : kind,
    targetId: target,
    details,
  });
}

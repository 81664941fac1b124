import type { Sql } from '../db/database';
import { tooManyRequests } from '../shared/errors';

/** PRODUCT.md §11: 10 failures within 15 minutes lock sign-in for 15 minutes. */
export const LOCKOUT_RULE = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** The keys a sign-in attempt counts against: the username and the client address. */
export function lockoutKeys(username: string, ip: string): string[] {
  return [`user:${username.toLowerCase()}`, `ip:${ip}`];
}

export async function assertNotLockedOut(sql: Sql, keys: string[], now: Date): Promise<void> {
  const { rows } = await sql.query<{ locked_until: Date }>(
    'SELECT max(locked_until) AS locked_until FROM login_lockouts WHERE key = ANY($1) AND locked_until > $2',
    [keys, now],
  );
  const until = rows[0]?.locked_until;
  if (until) {
    const seconds = (new Date(until).getTime() - now.getTime()) / 1000;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw tooManyRequests(
      'LOGIN_LOCKED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      seconds,
    );
  }
}

export async function recordLoginFailure(sql: Sql, keys: string[], now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOCKOUT_RULE.windowMs);
  await sql.query('DELETE FROM login_failures WHERE key = ANY($1) AND failed_at <= $2', [keys, windowStart]);
  await sql.query('INSERT INTO login_failures (key, failed_at) SELECT unnest($1::text[]), $2', [keys, now]);
  const { rows } = await sql.query<{ key: string; failures: number }>(
    'SELECT key, count(*) AS failures FROM login_failures WHERE key = ANY($1) AND failed_at > $2 GROUP BY key',
    [keys, windowStart],
  );
  const lockUntil = new Date(now.getTime() + LOCKOUT_RULE.lockMs);
  for (const row of rows) {
    if (row.failures < LOCKOUT_RULE.maxFailures) continue;
    await sql.query(
      `INSERT INTO login_lockouts (key, locked_until) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
      [row.key, lockUntil],
    );
    await sql.query('DELETE FROM login_failures WHERE key = $1', [row.key]);
  }
}

/** A successful sign-in forgets the username's failures (the address keeps its count). */
export async function clearUserFailures(sql: Sql, username: string): Promise<void> {
  await sql.query('DELETE FROM login_failures WHERE key = $1', [`user:${username.toLowerCase()}`]);
}

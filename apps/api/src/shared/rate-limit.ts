import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/**
 * Counts hits of a key in a sliding window (`rate_hits`, migration 0011):
 * forgot-password per address and per email, registrations per address,
 * sponsor look-ups per address (network/sponsor-lookup.ts).
 * `hit` records the hit and answers whether it is within the limit, and if
 * not, how long until the oldest hit of the window leaves it.
 */
export async function hit(
  db: Sql,
  key: string,
  rule: { limit: number; windowMs: number },
  now: Date,
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  await db.query(sql`DELETE FROM rate_hits WHERE key = ${key} AND at <= ${windowStart}`);
  const { rows } = await db.query<{ count: number | string; oldest: Date | null }>(
    sql`SELECT count(*) AS count, min(at) AS oldest FROM rate_hits WHERE key = ${key} AND at > ${windowStart}`,
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count >= rule.limit) {
    const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : now.getTime();
    return { allowed: false, retryAfterMs: Math.max(1000, oldest + rule.windowMs - now.getTime()) };
  }
  await db.query(sql`INSERT INTO rate_hits (key, at) VALUES (${key}, ${now})`);
  return { allowed: true, retryAfterMs: 0 };
}

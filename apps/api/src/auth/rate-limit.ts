import type { Sql } from '../db/database';

/**
 * Counts hits of a key in a sliding window (`rate_hits`, migration 0011):
 * forgot-password per address and per email, registrations per address.
 * `hit` records the hit and answers whether it is within the limit, and if
 * not, how long until the oldest hit of the window leaves it.
 */
export async function hit(
  sql: Sql,
  key: string,
  rule: { limit: number; windowMs: number },
  now: Date,
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  await sql.query('DELETE FROM rate_hits WHERE key = $1 AND at <= $2', [key, windowStart]);
  const { rows } = await sql.query<{ count: number | string; oldest: Date | null }>(
    'SELECT count(*) AS count, min(at) AS oldest FROM rate_hits WHERE key = $1 AND at > $2',
    [key, windowStart],
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count >= rule.limit) {
    const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : now.getTime();
    return { allowed: false, retryAfterMs: Math.max(1000, oldest + rule.windowMs - now.getTime()) };
  }
  await sql.query('INSERT INTO rate_hits (key, at) VALUES ($1, $2)', [key, now]);
  return { allowed: true, retryAfterMs: 0 };
}

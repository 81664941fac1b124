import { fromBaseUnits, policyLimit, type Settings } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { unprocessable } from '../shared/errors';

/**
 * What one member may withdraw (docs/decisions/0035-withdrawal-policy.md):
 * at most `withdrawalMaximum` per request and `withdrawalDailyLimit` over
 * any 24 hours, rolling. A request counts from when it was made until it is
 * rejected or refunded. The request checks under the member's row lock
 * (request.ts), so requests sent together cannot pass the limit together.
 */

const DAY_MS = 86_400_000;

/** A moment as the refusals say it ("2026-11-26 08:10"), rounded up to the minute so that "after" holds. */
export function utcMinute(at: Date): string {
  return new Date(Math.ceil(at.getTime() / 60_000) * 60_000).toISOString().replace('T', ' ').slice(0, 16);
}

interface Counted {
  amount: bigint;
  at: Date;
}

export interface DailyAllowance {
  limit: bigint;
  /** Asked in the last 24 hours (not rejected, not refunded). */
  used: bigint;
  /** What may be asked now. */
  left: bigint;
  /** When the oldest counted request leaves the 24 hours; null when none counts. */
  freesAt: Date | null;
  /** The counted requests, oldest first. */
  counted: Counted[];
}

/**
 * The member's requests since `since` that count against a limit: every one but those rejected or refunded,
 * oldest first (the 24-hour limit here, the identity check's 30 days in withdrawals/identity-gate.ts).
 */
export async function countedSince(db: Sql, memberId: number, since: Date): Promise<Counted[]> {
  const { rows } = await db.query<{ amount: string; created_at: Date }>(
    sql`SELECT amount, created_at FROM withdrawals
         WHERE user_id = ${memberId} AND created_at > ${since} AND status IN ('pending', 'approved', 'paid', 'failed')
         ORDER BY created_at, id`,
  );
  return rows.map((row) => ({ amount: BigInt(row.amount), at: new Date(row.created_at) }));
}

/** The member's rolling 24 hours under the limit in force; null when the limit is off. */
export async function dailyAllowance(
  db: Sql,
  memberId: number,
  settings: Settings,
  now: Date,
): Promise<DailyAllowance | null> {
  const limit = policyLimit(settings.withdrawalDailyLimit);
  if (limit === null) return null;
  const counted = await countedSince(db, memberId, new Date(now.getTime() - DAY_MS));
  const used = counted.reduce((total, row) => total + row.amount, 0n);
  return {
    limit,
    used,
    left: limit > used ? limit - used : 0n,
    freesAt: counted[0] ? new Date(counted[0].at.getTime() + DAY_MS) : null,
    counted,
  };
}

/** Refuses an amount above the maximum, or over the member's 24 hours, saying when enough frees up. */
export async function refuseOverLimits(
  db: Sql,
  memberId: number,
  amount: bigint,
  settings: Settings,
  now: Date,
): Promise<void> {
  const maximum = policyLimit(settings.withdrawalMaximum);
  if (maximum !== null && amount > maximum) {
    throw unprocessable(
      'WITHDRAWAL_ABOVE_MAXIMUM',
      `One withdrawal may be at most ${fromBaseUnits(maximum)} USDT. Ask for less, or split it over several requests.`,
      'amount',
    );
  }
  const allowance = await dailyAllowance(db, memberId, settings, now);
  if (!allowance || amount <= allowance.left) return;
  const { limit, left } = allowance;
  if (amount > limit) {
    throw unprocessable(
      'WITHDRAWAL_DAILY_LIMIT',
      `You can withdraw at most ${fromBaseUnits(limit)} USDT in 24 hours.`,
      'amount',
    );
  }
  // The requests leave the 24 hours oldest first: the first moment enough has left.
  let free = limit - allowance.used;
  let from = now;
  for (const request of allowance.counted) {
    free += request.amount;
    from = new Date(request.at.getTime() + DAY_MS);
    if (free >= amount) break;
  }
  throw unprocessable(
    'WITHDRAWAL_DAILY_LIMIT',
    `Withdrawals are limited to ${fromBaseUnits(limit)} USDT in 24 hours and ${fromBaseUnits(left)} USDT is left now. You can withdraw ${fromBaseUnits(free)} USDT more after ${utcMinute(from)} UTC.`,
    'amount',
  );
}

import { randomBytes } from 'node:crypto';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/**
 * A pass claims the deliveries due (FOR UPDATE SKIP LOCKED, so two passes,
 * in one process or several, never claim the same one) and pushes their next
 * attempt a lease's length ahead: a pass that dies mid-send leaves them to be
 * claimed again once it runs out, never lost, at most sent twice with the
 * same `webhook-id` (docs/decisions/0066-webhooks.md).
 */
export const CLAIM_LEASE_MS = 60_000;
/** Claimed at most per pass; sent side by side. */
export const CLAIM_BATCH = 20;

/** A claimed delivery, with what its request needs. */
export interface ClaimedDelivery {
  id: number;
  endpoint_id: number;
  notification_id: number | null;
  kind: string;
  attempts: number;
  give_up_at: Date;
  created_at: Date;
  url: string;
  secret: string;
  user_id: number | null;
  username: string | null;
  data: Record<string, unknown> | null;
  notified_at: Date | null;
}

export const newClaim = (): string => randomBytes(9).toString('base64url');

/** Claims up to CLAIM_BATCH deliveries due at `now`, of enabled endpoints, under `claim`. */
export async function claimDue(db: Sql, now: Date, claim: string): Promise<ClaimedDelivery[]> {
  const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
  // One statement: the claim is atomic without a transaction around it.
  const { rows: taken } = await db.query<{ id: number }>(
    sql`UPDATE webhook_deliveries SET claim = ${claim}, next_attempt_at = ${leaseEnd}
           WHERE id IN (SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
                         WHERE d.status IN ('pending', 'failed') AND d.next_attempt_at <= ${now}
                         ORDER BY d.next_attempt_at, d.id LIMIT ${CLAIM_BATCH} FOR UPDATE OF d SKIP LOCKED)
          RETURNING id`,
  );
  const claimed = taken.map((row) => Number(row.id));
  if (claimed.length === 0) return [];
  const { rows } = await db.query<ClaimedDelivery>(
    sql`SELECT d.id, d.endpoint_id, d.notification_id, d.kind, d.attempts, d.give_up_at, d.created_at, e.url, e.secret,
               n.user_id, u.username, n.data, n.created_at AS notified_at
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          LEFT JOIN notifications n ON n.id = d.notification_id LEFT JOIN users u ON u.id = n.user_id
         WHERE d.id = ANY(${claimed}::bigint[]) AND d.claim = ${claim} ORDER BY d.id`,
  );
  return rows;
}

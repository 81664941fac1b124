import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/database';
import { sql, type SqlQuery } from '../../platform/db/sql';

/**
 * A pass claims what is due (FOR UPDATE SKIP LOCKED, so two passes, in one process or several, never claim the same
 * row) and moves its next attempt a lease ahead: a pass that dies mid-send leaves it to be claimed again once the
 * lease runs out, never lost, at most sent twice (as the webhook deliveries, apps/api/src/webhooks/claim.ts).
 */
export const CLAIM_LEASE_MS = 60_000;
/** Claimed at most per pass. */
export const CLAIM_BATCH = 20;

export const newClaim = (): string => randomBytes(9).toString('base64url');

/** The two queues of mail (migration 0054_notification_mails.sql), each row named by its key. */
export type MailQueue = 'notification_mails' | 'notification_digests';

/** A failed mail is tried again a minute later, four times longer after each next failure, at most 6 hours apart. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 6 * 3600_000);

export type MailOutcome = { sent: true } | { skipped: true } | { error: string };

/** What a claimed row carries for its outcome. */
export interface ClaimedRow {
  attempts: number;
  give_up_at: Date;
}

/**
 * Records a claimed row's outcome if the row is still this pass's claim: sent, skipped (the member turned the kind
 * off since), or failed and retried later (abandoned past its `give_up_at`). Answers false when another pass took over.
 */
export async function recordOutcome(
  db: Sql,
  queue: MailQueue,
  key: SqlQuery,
  claim: string,
  row: ClaimedRow,
  at: Date,
  outcome: MailOutcome,
): Promise<boolean> {
  // A fixed table name from the type above, never input.
  const table = sql.raw(queue);
  let set: SqlQuery;
  if ('sent' in outcome) {
    set = sql`status = 'sent', attempts = ${row.attempts + 1}, sent_at = ${at}, last_error = NULL`;
  } else if ('skipped' in outcome) {
    set = sql`status = 'skipped'`;
  } else {
    const attempts = row.attempts + 1;
    const next = new Date(at.getTime() + retryDelayMs(attempts));
    const status = next > new Date(row.give_up_at) ? 'abandoned' : 'failed';
    set = sql`status = ${status}, attempts = ${attempts}, next_attempt_at = ${next}, last_error = ${outcome.error.slice(0, 500)}`;
  }
  const { rows } = await db.query<{ claim: string | null }>(
    sql`UPDATE ${table} SET ${set}, claim = NULL WHERE ${key} AND claim = ${claim} RETURNING claim`,
  );
  return rows.length > 0;
}

/** An error as the queue keeps it: its message and code, never more (no recipient list, no body). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'The mail could not be sent';
  const code = (error as NodeJS.ErrnoException).code;
  return (code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message).slice(0, 500);
}

import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/database';
import type { AppContext } from '../../context';
import type { Mail } from '../../platform/mail/mailer';
import { sql } from '../../platform/db/sql';

/**
 * A pass claims what is due (FOR UPDATE SKIP LOCKED, so two passes, in one process or several, never claim the same
 * row) and moves its next attempt a lease ahead: a pass that dies mid-send leaves it to be claimed again once the
 * lease runs out, never lost, at most sent twice (as the webhook deliveries, apps/api/src/webhooks/claim.ts).
 */
export const CLAIM_LEASE_MS = 60_000;
/** Claimed at most per pass: sent side by side, and recorded in one statement (recordOutcomes). */
export const CLAIM_BATCH = 100;

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

/** The key columns of each queue, with their types, as the batch statement below unnests them. */
const KEYS: Record<MailQueue, ReadonlyArray<{ column: string; type: string }>> = {
  notification_mails: [{ column: 'notification_id', type: 'bigint' }],
  notification_digests: [
    { column: 'user_id', type: 'bigint' },
    { column: 'day', type: 'date' },
  ],
};

/** A claimed row's outcome: its key (the queue's KEYS columns, in order) and what befell it. */
export interface Outcome {
  key: string[];
  row: ClaimedRow;
  outcome: MailOutcome;
}

/**
 * Records a pass's outcomes in one statement, each row only if it is still this pass's claim: sent, skipped (the
 * member turned the kind off since), or failed and retried later (abandoned past its `give_up_at`). Answers how many
 * rows it recorded (fewer when another pass took some over).
 */
export async function recordOutcomes(
  db: Sql,
  queue: MailQueue,
  claim: string,
  at: Date,
  outcomes: Outcome[],
): Promise<number> {
  if (outcomes.length === 0) return 0;
  const fields = outcomes.map(({ row, outcome }) => {
    if ('sent' in outcome) return { status: 'sent', attempts: row.attempts + 1, next: null, error: null };
    if ('skipped' in outcome) return { status: 'skipped', attempts: row.attempts, next: null, error: null };
    const attempts = row.attempts + 1;
    const next = new Date(at.getTime() + retryDelayMs(attempts));
    const status = next > new Date(row.give_up_at) ? 'abandoned' : 'failed';
    return { status, attempts, next: next.toISOString(), error: outcome.error.slice(0, 500) };
  });
  // Fixed names from KEYS above, never input.
  const keys = KEYS[queue];
  const keyArrays = keys.map(({ type }, i) => sql`${outcomes.map((o) => o.key[i]!)}::${sql.raw(type)}[]`);
  const keyNames = sql.raw(keys.map(({ column }) => `k_${column}`).join(', '));
  const matches = sql.raw(keys.map(({ column }) => `q.${column} = o.k_${column}`).join(' AND '));
  const { rowCount } = await db.query(
    sql`UPDATE ${sql.raw(queue)} q
           SET status = o.status, attempts = o.attempts, claim = NULL,
               sent_at = CASE WHEN o.status = 'sent' THEN ${at}::timestamptz ELSE q.sent_at END,
               last_error = CASE WHEN o.status = 'sent' THEN NULL WHEN o.status = 'skipped' THEN q.last_error ELSE o.error END,
               next_attempt_at = coalesce(o.next, q.next_attempt_at)
          FROM unnest(${sql.join(keyArrays)}, ${fields.map((f) => f.status)}::text[], ${fields.map((f) => f.attempts)}::int[],
                      ${fields.map((f) => f.next)}::timestamptz[], ${fields.map((f) => f.error)}::text[])
               AS o(${keyNames}, status, attempts, next, error)
         WHERE ${matches} AND q.claim = ${claim}`,
  );
  return rowCount;
}

/** An error as the queue keeps it: its message and code, never more (no recipient list, no body). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'The mail could not be sent';
  const code = (error as NodeJS.ErrnoException).code;
  return (code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message).slice(0, 500);
}

/** The log line of a failure, by queue. */
const FAILED: Record<MailQueue, string> = {
  notification_mails: 'a notification mail failed',
  notification_digests: 'a notification digest failed',
};

/** A claimed row and its mail, or no mail when there is nothing to send any more (recorded as skipped). */
export interface MailToSend {
  key: string[];
  row: ClaimedRow;
  mail: Mail | undefined;
  /** What a failure's log line names besides the error. */
  about: Record<string, unknown>;
}

/**
 * Sends a pass's mails at once (`Mailer.sendAll`) and records every row's outcome in one statement: sent, failed
 * (logged, retried later) or skipped. The end of both mail jobs (send-due-mails.ts, send-digests.ts).
 */
export async function sendAndRecord(ctx: AppContext, queue: MailQueue, claim: string, claimed: MailToSend[]) {
  const sending = claimed.flatMap((c, at) => (c.mail ? [{ at, mail: c.mail }] : []));
  const errors = await ctx.mailer.sendAll(sending.map((s) => s.mail));
  // Each claimed row's error by its place in `claimed`, undefined once sent.
  const errorAt = new Map(sending.map((s, i) => [s.at, errors[i]]));
  const outcomes = claimed.map(({ key, row, mail, about }, at): Outcome => {
    const error = errorAt.get(at);
    if (error) ctx.log.warn({ err: describeError(error), ...about }, FAILED[queue]);
    const outcome: MailOutcome = !mail ? { skipped: true } : error ? { error: describeError(error) } : { sent: true };
    return { key, row, outcome };
  });
  await recordOutcomes(ctx.db, queue, claim, ctx.now(), outcomes);
}

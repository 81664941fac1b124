import type { Database } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { retryDelayMs } from './backoff';
import type { ClaimedDelivery } from './claim';
import { BODY_SNIPPET } from './post';

/** What one attempt came to: an answer (2xx delivers), or an error before any. */
export interface AttemptOutcome {
  at: Date;
  durationMs: number;
  status: number | null;
  body: string | null;
  error: string | null;
}

/**
 * A receiver's text as the log keeps it: at most BODY_SNIPPET characters,
 * without the control characters PostgreSQL cannot store (NUL) or that
 * garble the page (line breaks and tabs kept).
 */
export const storable = (text: string | null): string | null =>
  text === null ? null : text.replace(/\p{Cc}/gu, (c) => ('\t\n\r'.includes(c) ? c : '')).slice(0, BODY_SNIPPET);

export const succeeded = (outcome: AttemptOutcome): boolean =>
  outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/**
 * Records an attempt, in one transaction, if the delivery is still this
 * pass's claim: its log line, the delivery delivered, retried later or
 * abandoned past its `give_up_at`, and the endpoint's failure streak started
 * or ended. Answers false when another pass took the claim over.
 */
export async function recordAttempt(
  db: Database,
  delivery: ClaimedDelivery,
  claim: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const ok = succeeded(outcome);
  const attempts = delivery.attempts + 1;
  const next = new Date(outcome.at.getTime() + retryDelayMs(attempts));
  const status = ok ? 'delivered' : next > new Date(delivery.give_up_at) ? 'abandoned' : 'failed';
  const body = storable(outcome.body);
  const error = storable(outcome.error);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      sql`UPDATE webhook_deliveries SET status = ${status}, attempts = ${attempts}, claim = NULL,
                 next_attempt_at = ${ok ? outcome.at : next}, last_status = ${outcome.status}, last_body = ${body},
                 last_error = ${error}, last_attempt_at = ${outcome.at},
                 delivered_at = ${ok ? outcome.at : null}
           WHERE id = ${delivery.id} AND claim = ${claim} RETURNING id`,
    );
    if (!rows[0]) return false;
    await tx.query(
      sql`INSERT INTO webhook_attempts (delivery_id, attempted_at, status, body, error, duration_ms)
          VALUES (${delivery.id}, ${outcome.at}, ${outcome.status}, ${body}, ${error}, ${outcome.durationMs})`,
    );
    await tx.query(
      ok
        ? sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${delivery.endpoint_id} AND failing_since IS NOT NULL`
        : sql`UPDATE webhook_endpoints SET failing_since = ${outcome.at} WHERE id = ${delivery.endpoint_id} AND failing_since IS NULL`,
    );
    return true;
  });
}

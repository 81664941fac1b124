import { WEBHOOK_TEST_KIND, type WebhookPayload } from '@portal/contract';
import type { AppContext } from '../context';
import type { Job } from '../shared/job-runner';
import { CLAIM_BATCH, claimDue, newClaim, type ClaimedDelivery } from './claim';
import { eventIdOf } from './delivery-rows';
import { disableIfFailing } from './disable-failing';
import { postWebhook } from './post';
import { recordAttempt, succeeded, type AttemptOutcome } from './record-attempt';
import { signWebhook } from './signature';
import { checkWebhookUrl } from './url-check';

/** What a delivery POSTs: `{ id, type, timestamp, data }`, the notification's figures with whose they are. */
export function payloadOf(delivery: ClaimedDelivery): WebhookPayload {
  const id = eventIdOf({ id: Number(delivery.id), notification_id: delivery.notification_id });
  if (delivery.notification_id === null) {
    return {
      id,
      type: WEBHOOK_TEST_KIND,
      timestamp: new Date(delivery.created_at).toISOString(),
      data: { message: 'A test event from the members portal', endpointId: Number(delivery.endpoint_id) },
    };
  }
  return {
    id,
    type: delivery.kind,
    timestamp: new Date(delivery.notified_at!).toISOString(),
    data: { ...delivery.data, userId: Number(delivery.user_id), username: delivery.username },
  };
}

/** An error as the log shows it: its message and code, never the request (whose headers hold the signature). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'The request failed';
  const code = (error as NodeJS.ErrnoException).code;
  return (code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message).slice(0, 500);
}

/** One attempt: the URL checked again (its host may resolve elsewhere now), then the signed POST. */
async function attempt(ctx: AppContext, delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  const at = ctx.now();
  const started = Date.now();
  const payload = payloadOf(delivery);
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  try {
    const target = await checkWebhookUrl(delivery.url, ctx.config.webhooksAllowPrivate);
    const answer = await postWebhook(
      target,
      {
        'user-agent': 'members-portal-webhooks/1',
        'webhook-id': payload.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(delivery.secret, payload.id, timestamp, body),
      },
      body,
    );
    return { at, durationMs: Date.now() - started, status: answer.status, body: answer.body, error: null };
  } catch (error) {
    return { at, durationMs: Date.now() - started, status: null, body: null, error: describeError(error) };
  }
}

/**
 * One pass of the delivery job: claims what is due (claim.ts), sends each,
 * side by side, and records each outcome; an endpoint failing for three
 * days is disabled. Answers true when a full batch was claimed (more may be due).
 */
export async function deliverWebhooks(ctx: AppContext): Promise<boolean> {
  const claim = newClaim();
  const due = await claimDue(ctx.db, ctx.now(), claim);
  // Each delivery recorded whatever befalls another; a failure fails the pass once all are done (runJob logs it).
  const done = await Promise.allSettled(
    due.map(async (delivery) => {
      const outcome = await attempt(ctx, delivery);
      const recorded = await recordAttempt(ctx.db, delivery, claim, outcome);
      if (recorded && !succeeded(outcome)) await disableIfFailing(ctx, Number(delivery.endpoint_id));
    }),
  );
  const failed = done.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return due.length === CLAIM_BATCH;
}

/**
 * The delivery job (platform/jobs.ts): every few seconds, and at once when an
 * admin sends a test event or redelivers. Once across processes by its claims.
 */
export function webhooksJob(ctx: AppContext): Job {
  return { name: 'webhooks', everyMs: 3_000, pass: () => deliverWebhooks(ctx) };
}

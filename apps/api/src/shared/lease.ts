import { randomBytes } from 'node:crypto';
import { sql } from '../platform/db/sql';

/**
 * The one kind of lease every cross-process worker row uses: the deposit
 * watcher's cursor (deposits/watch-cursor.ts), the payout job's hot wallet
 * (withdrawals/payout/lease.ts) and the running consolidation
 * (deposits/consolidation-lease.ts, fenced: docs/decisions/0028-one-consolidation-at-a-time.md).
 * A lease is taken or renewed with one conditional statement, released at
 * the end of the work, and runs out by itself when its holder dies, so
 * another process takes the work over (docs/decisions/0030-several-processes.md).
 */
export const LEASE_SECONDS = 30;

/** When a lease taken or renewed now runs out. */
export const leaseEnd = sql`clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})`;

/** A lease holder: this process and one worker in it, so two workers of one process exclude each other as two processes do. */
export const newLeaseHolder = (): string => `${process.pid}-${randomBytes(6).toString('hex')}`;

/** How often a lease is renewed while its work lasts: a third of its length, so two renewals may fail before it runs out. */
export const RENEW_EVERY_MS = (LEASE_SECONDS * 1000) / 3;

/** A lease kept while its work lasts (`keepRenewed`). */
export interface Renewal {
  /** False once a renewal found the lease taken over: the work stops at its next step. */
  held(): boolean;
  /** Stops renewing, once any renewal under way has ended (so none renews after the lease is released). */
  stop(): Promise<void>;
}

/**
 * Renews a lease every `everyMs` while work that may outlast it goes on
 * (`renew` is the conditional statement that took it, answering whether it
 * is still this holder's). A renewal that fails on an error is only
 * reported: the lease may still be held, and runs out by itself if not.
 */
export function keepRenewed(
  renew: () => Promise<boolean>,
  report: (problem: { lost: true } | { error: unknown }) => void,
  everyMs = RENEW_EVERY_MS,
): Renewal {
  let held = true;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      renew().then(
        (still) => {
          if (still || !held) return;
          held = false;
          report({ lost: true });
        },
        (error: unknown) => report({ error }),
      ),
    );
  }, everyMs);
  timer.unref?.();
  return {
    held: () => held,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import { randomBytes } from 'node:crypto';
import { sql } from '../db/sql';

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

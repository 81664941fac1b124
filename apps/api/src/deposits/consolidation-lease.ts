import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import { conflict, isUniqueViolation } from '../shared/errors';
import { LEASE_SECONDS, leaseEnd } from '../shared/lease';

/**
 * One consolidation at a time (docs/decisions/0028-one-consolidation-at-a-time.md).
 * The running consolidation's row carries a lease (`leased_by`,
 * `leased_until`, migration 0022), the one kind of lease of
 * `shared/lease.ts`, renewed while the run lasts. The holder is one request
 * (`newLeaseHolder`), so two requests in one process exclude each other as
 * two processes do.
 *
 * The lease is also a fence: a transaction is recorded, and a consolidation
 * ended, only by a statement that finds the lease still this holder's
 * (`heldLease`), locking the row while it does; taking a lease over updates
 * that row, so it waits for such a statement and the statement re-checks
 * after it. A holder that stalled past its lease (a frozen process, a lost
 * connection) and woke after another took over therefore records nothing.
 * Expiry only lets another take the lease: a holder whose lease ran out
 * while nobody took it still owns the row.
 */
/** Renewed well before it runs out: a run waits minutes for receipts. */
export const RENEW_MS = (LEASE_SECONDS * 1000) / 3;

export const consolidationRunning = () =>
  conflict(
    'CONSOLIDATION_RUNNING',
    'A consolidation is already running. Wait for it to finish: its transactions appear in the list as they are sent. (One interrupted by a restart can be resumed about half a minute later.)',
  );

export interface Claim {
  id: number;
  /** Ledger units, as the run started with. */
  threshold: bigint;
  /** True when an earlier run of it was left running (a crash, a chain failure): its records are resumed. */
  resumed: boolean;
}

/**
 * Takes the running consolidation's lease when it is free, or starts a new
 * consolidation holding it (`create`, in the caller's transaction, with its
 * audit line). Throws CONSOLIDATION_RUNNING while another holds it.
 */
export async function claimConsolidation(
  db: Sql,
  holder: string,
  create: (lease: SqlQuery) => Promise<{ id: number; threshold: bigint }>,
): Promise<Claim> {
  // One statement: two requests racing for a free lease cannot both match
  // (PostgreSQL re-checks the WHERE on the row the other just updated).
  const taken = await db.query<{ id: number; threshold: string }>(
    sql`UPDATE consolidations SET leased_by = ${holder}, leased_until = ${leaseEnd}
     WHERE status = 'running' AND (leased_until IS NULL OR leased_until < clock_timestamp())
     RETURNING id, threshold::text`,
  );
  if (taken.rows[0]) return { id: Number(taken.rows[0].id), threshold: BigInt(taken.rows[0].threshold), resumed: true };
  const held = await db.query(sql`SELECT 1 FROM consolidations WHERE status = 'running'`);
  if (held.rows.length) throw consolidationRunning();
  try {
    // The new row is born holding the lease; `consolidations_one_running` (migration 0013) refuses a second at once.
    return { ...(await create(sql`${holder}, ${leaseEnd}`)), resumed: false };
  } catch (error) {
    if (isUniqueViolation(error, 'consolidations_one_running')) throw consolidationRunning();
    throw error;
  }
}

/** Extends the lease; false when it is no longer this holder's (another took it over). */
export async function renewLease(db: Sql, id: number, holder: string): Promise<boolean> {
  const { rows } = await db.query(
    sql`UPDATE consolidations SET leased_until = ${leaseEnd}
     WHERE id = ${id} AND leased_by = ${holder} AND status = 'running' RETURNING 1`,
  );
  return rows.length > 0;
}

export async function releaseLease(db: Sql, id: number, holder: string): Promise<void> {
  await db.query(sql`UPDATE consolidations SET leased_until = NULL WHERE id = ${id} AND leased_by = ${holder}`);
}

/** The row of consolidation `id` while `holder` holds its lease, locked until the statement ends (for a CTE). */
export const heldLease = (id: number, holder: string) =>
  sql`SELECT id FROM consolidations WHERE id = ${id} AND leased_by = ${holder} AND status = 'running' FOR UPDATE`;

/** The WHERE of an UPDATE that ends consolidation `id` only while `holder` holds its lease. */
export const leaseHeldBy = (id: number, holder: string) =>
  sql`id = ${id} AND leased_by = ${holder} AND status = 'running'`;

/** A lease as the sweeper carries it: who holds which consolidation's. */
export interface Lease {
  id: number;
  holder: string;
}

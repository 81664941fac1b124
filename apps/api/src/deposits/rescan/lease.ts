import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { leaseEnd } from '../../shared/lease';
import type { WatchKey } from '../watch-cursor';

/**
 * The running rescan's lease (the one kind of shared/lease.ts): the rescan
 * job of one process works on it at a time; a process that dies lets it run
 * out, and another takes the rescan over from its committed `next_block`.
 * The lease is a fence as well: a chunk is recorded only by a transaction
 * that finds it still this holder's and the rescan running (chunk.ts).
 */
export interface ClaimedRescan {
  id: number;
  next: bigint;
  to: bigint;
}

/** Takes (or renews) the lease of the chain's running rescan; undefined when none runs or another process holds it. */
export async function claimRescan(db: Sql, key: WatchKey, holder: string): Promise<ClaimedRescan | undefined> {
  const { rows } = await db.query<{ id: number; next_block: string; to_block: string }>(
    sql`UPDATE deposit_rescans SET leased_by = ${holder}, leased_until = ${leaseEnd}
         WHERE chain_id = ${key.chainId} AND token = ${key.token} AND status = 'running'
           AND (leased_by = ${holder} OR leased_until IS NULL OR leased_until < clock_timestamp())
     RETURNING id, next_block::text, to_block::text`,
  );
  const row = rows[0];
  return row && { id: Number(row.id), next: BigInt(row.next_block), to: BigInt(row.to_block) };
}

/** Lets the lease go (the job stopping), so another process resumes at once. */
export async function releaseRescan(db: Sql, key: WatchKey, holder: string): Promise<void> {
  await db.query(
    sql`UPDATE deposit_rescans SET leased_until = NULL
         WHERE chain_id = ${key.chainId} AND token = ${key.token} AND status = 'running' AND leased_by = ${holder}`,
  );
}

/**
 * A failed chunk, on the rescan this holder works on: its error kept for the
 * admin, and after MAX_FAILURES in a row the rescan ends `failed` (the job
 * retries with back-off until then: the node may answer again).
 */
export const MAX_FAILURES = 10;

export async function recordRescanFailure(db: Sql, key: WatchKey, holder: string, message: string): Promise<void> {
  await db.query(
    sql`UPDATE deposit_rescans SET error = ${message}, failures = failures + 1, updated_at = now(),
           status = CASE WHEN failures + 1 >= ${MAX_FAILURES} THEN 'failed' ELSE status END,
           finished_at = CASE WHEN failures + 1 >= ${MAX_FAILURES} THEN now() ELSE finished_at END
         WHERE chain_id = ${key.chainId} AND token = ${key.token} AND status = 'running' AND leased_by = ${holder}`,
  );
}

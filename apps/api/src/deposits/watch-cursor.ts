import type { Chain, Finality } from '../platform/chain';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import { leaseEnd } from '../shared/lease';

/**
 * The deposit watcher's cursor: one `chain_watch` row per (chain, token)
 * holding the next final block to credit (`final_next`), the next block to
 * look at for seen deposits (`seen_next`), the lease that lets one process
 * work at a time (shared/lease.ts), and the last look at the node for the status.
 */

export interface WatchKey {
  chainId: number;
  token: string;
}

export interface WatchRow {
  final_next: string;
  seen_next: string;
}

export const watchKeyOf = (chain: Chain): WatchKey => ({
  chainId: chain.chainId,
  token: chain.settings.tokenAddress.toLowerCase(),
});

/** The condition selecting the cursor row of `key`. */
export const watchRow = (key: WatchKey): SqlQuery => sql`chain_id = ${key.chainId} AND token = ${key.token}`;

/** Creates the cursor on the first start: at CHAIN_START_BLOCK, or just after the final block. */
export async function ensureCursor(db: Sql, chain: Chain, final: bigint): Promise<void> {
  const { chainId, token } = watchKeyOf(chain);
  const start = chain.settings.startBlock !== undefined ? BigInt(chain.settings.startBlock) : final + 1n;
  await db.query(
    sql`INSERT INTO chain_watch (chain_id, token, final_next, seen_next) VALUES (${chainId}, ${token}, ${start.toString()}, ${start.toString()}) ON CONFLICT DO NOTHING`,
  );
}

/** Takes (or renews) the lease for `owner`; undefined while another process holds it. */
export async function claimCursor(db: Sql, key: WatchKey, owner: string): Promise<WatchRow | undefined> {
  const { rows } = await db.query<WatchRow>(
    sql`UPDATE chain_watch SET leased_by = ${owner}, leased_until = ${leaseEnd}
      WHERE ${watchRow(key)} AND (leased_by = ${owner} OR leased_until IS NULL OR leased_until < now())
      RETURNING final_next::text, seen_next::text`,
  );
  return rows[0];
}

export async function releaseCursor(db: Sql, key: WatchKey, owner: string): Promise<void> {
  await db.query(sql`UPDATE chain_watch SET leased_until = NULL WHERE ${watchRow(key)} AND leased_by = ${owner}`);
}

/** The cursor's next final block, the row locked for the transaction that records a range. */
export async function lockFinalNext(tx: Sql, key: WatchKey): Promise<string | undefined> {
  const { rows } = await tx.query<{ final_next: string }>(
    sql`SELECT final_next::text FROM chain_watch WHERE ${watchRow(key)} FOR UPDATE`,
  );
  return rows[0]?.final_next;
}

/** Range ends kept in `chain_watch_blocks`: the depth the watcher can walk back to find a block it and the node agree on. */
export const KEPT_BLOCKS = 256;

/**
 * Moves the cursor past a recorded final range (`to` included), keeps the
 * hash of `to` in the ring of read blocks (dropping any above it: a
 * cursor moved back reads them again) and renews the lease.
 */
export async function advanceFinal(tx: Sql, key: WatchKey, to: bigint, toHash: string): Promise<void> {
  const next = (to + 1n).toString();
  await tx.query(
    sql`UPDATE chain_watch SET final_next = ${next}, seen_next = GREATEST(seen_next, ${next}), leased_until = ${leaseEnd}
      WHERE ${watchRow(key)}`,
  );
  await tx.query(sql`DELETE FROM chain_watch_blocks WHERE ${watchRow(key)} AND block_number > ${to.toString()}`);
  await tx.query(
    sql`INSERT INTO chain_watch_blocks (chain_id, token, block_number, block_hash) VALUES (${key.chainId}, ${key.token}, ${to.toString()}, ${toHash})
      ON CONFLICT (chain_id, token, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, recorded_at = now()`,
  );
  await tx.query(
    sql`DELETE FROM chain_watch_blocks WHERE ${watchRow(key)} AND block_number < (
        SELECT block_number FROM chain_watch_blocks WHERE ${watchRow(key)} ORDER BY block_number DESC OFFSET ${KEPT_BLOCKS - 1} LIMIT 1)`,
  );
}

export interface ReadBlock {
  number: bigint;
  hash: string;
}

/** The ring's blocks at or below `atMost`, newest first. */
export async function readBlocks(db: Sql, key: WatchKey, atMost: bigint, limit = KEPT_BLOCKS): Promise<ReadBlock[]> {
  const { rows } = await db.query<{ block_number: string; block_hash: string }>(
    sql`SELECT block_number::text, block_hash FROM chain_watch_blocks WHERE ${watchRow(key)} AND block_number <= ${atMost.toString()}
      ORDER BY block_number DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ number: BigInt(r.block_number), hash: r.block_hash }));
}

export async function advanceSeen(db: Sql, key: WatchKey, latest: bigint): Promise<void> {
  await db.query(
    sql`UPDATE chain_watch SET seen_next = GREATEST(seen_next, ${(latest + 1n).toString()}) WHERE ${watchRow(key)}`,
  );
}

/** A pass that went well: the node's head and final block, no error. */
export async function recordChecked(db: Sql, key: WatchKey, finality: Finality, verified: boolean): Promise<void> {
  // A stall is resolved once the cursor stands past the block it had read up
  // to, on a chain the guard verified this pass (`verified`: not while it
  // waits with nothing in common with the node, its cursor left in place).
  await db.query(
    sql`UPDATE chain_watch SET latest_block = ${finality.latest.toString()}, final_block = ${finality.final.toString()}, finality = ${finality.source}, checked_at = now(), failures = 0, last_error = NULL, last_error_at = NULL,
        stall_resolved_at = CASE WHEN ${verified} AND stall_reason IS NOT NULL AND stall_resolved_at IS NULL AND final_next > stall_block THEN now() ELSE stall_resolved_at END
      WHERE ${watchRow(key)}`,
  );
}

export async function recordFailure(db: Sql, key: WatchKey, message: string, failures: number): Promise<void> {
  await db.query(
    sql`UPDATE chain_watch SET last_error = ${message}, last_error_at = now(), failures = ${failures} WHERE ${watchRow(key)}`,
  );
}

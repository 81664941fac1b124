import type { Chain, Finality } from '../platform/chain';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { part } from '../per-process';
import { blockHash } from './transfer-logs';
import { lockFinalNext, readBlocks, watchRow, type ReadBlock, type WatchKey } from './watch-cursor';

/**
 * Before the deposit watcher reads on from its cursor, it checks that the
 * node still holds the chain it has read (docs/decisions/0012, "A node
 * behind the cursor, a chain changed under it"):
 *
 * - `behind`: the node's final block is below the last block the watcher
 *   read (an embedded anvil that lost its last seconds, a load-balanced RPC
 *   endpoint answering from a node that is behind);
 * - `changed`: the node's block at the last recorded range end has another
 *   hash (a reorganisation deeper than finality, or a node that lost blocks
 *   and mined different ones at the same heights).
 *
 * Either way it walks back through the ring of recorded range ends
 * (`chain_watch_blocks`, newest first) to the last one whose hash the node
 * still has at that number, moves the cursor just after it and records the
 * stall; the blocks after it are read again as the node reaches them, so no
 * block is skipped. Reading again credits nothing twice: a deposit is one
 * row per (chain, tx hash, log index) and a credited row is never reopened
 * (`record-deposits.ts`). One hash is enough: a block's hash covers its
 * parent's, so agreeing on block N is agreeing on every block below it.
 */
export interface Guarded {
  /** The block to read from. */
  next: bigint;
  /** The recorded block just before `next`, checked again after each range is read; undefined when none is recorded. */
  anchor: ReadBlock | undefined;
}

/** Node hashes fetched per JSON-RPC batch while walking back. */
const WALK_BATCH = 16;
/** The last stall this process logged, per chain and token. */
const LOGGED = part<Map<string, string>>('the deposit watcher stalls logged');

/**
 * The cursor to read on from, moved back if the node is behind it or its
 * chain changed; null when the watcher must not read this tick (another
 * process moved the cursor, or no recorded block is on the node's chain).
 */
export async function guardCursor(
  ctx: AppContext,
  chain: Chain,
  key: WatchKey,
  finalNext: bigint,
  finality: Finality,
): Promise<Guarded | null> {
  const last = finalNext - 1n;
  const [anchor] = await readBlocks(ctx.db, key, last, 1);
  // Nothing read yet (a cursor at CHAIN_START_BLOCK, which may lie ahead of
  // the node; or the first range after migration 0023): nothing to compare.
  if (!anchor) return { next: finalNext, anchor: undefined };
  const behind = finality.final < last;
  if (!behind && (await blockHash(chain, anchor.number)) === anchor.hash) return { next: finalNext, anchor };
  const reason = behind ? 'behind' : 'changed';
  const agreed = await lastAgreed(chain, await readBlocks(ctx.db, key, finality.final));
  const configured = chain.settings.startBlock !== undefined ? BigInt(chain.settings.startBlock) : null;
  let from = agreed ? agreed.number + 1n : configured;
  if (from !== null && from > finalNext) from = finalNext; // never forward: that would skip blocks
  // Said once per stall and cursor, not on every tick while it lasts (/api/health says it all along).
  const said = `${reason}:${finalNext}:${from}`;
  const logged = ctx.perProcess.of(LOGGED, () => new Map<string, string>());
  if (logged.get(`${key.chainId}:${key.token}`) !== said) {
    logged.set(`${key.chainId}:${key.token}`, said);
    ctx.log.warn(
      {
        reason,
        cursor: String(finalNext),
        nodeFinal: String(finality.final),
        nodeLatest: String(finality.latest),
        rescanFrom: from === null ? null : String(from),
      },
      reason === 'behind'
        ? 'deposit watcher: the node is behind the blocks already read; reading again from the last block both agree on'
        : 'deposit watcher: the chain changed under the blocks already read; reading again from the last block both agree on',
    );
  }
  const moved = await recordStall(ctx, key, reason, finalNext, last, from);
  if (!moved || from === null) return null;
  return { next: from, anchor: agreed ?? undefined };
}

/** The newest recorded block whose hash the node has at that number. */
async function lastAgreed(chain: Chain, recorded: ReadBlock[]): Promise<ReadBlock | null> {
  for (let i = 0; i < recorded.length; i += WALK_BATCH) {
    const batch = recorded.slice(i, i + WALK_BATCH);
    const hashes = await Promise.all(batch.map((b) => blockHash(chain, b.number)));
    const found = batch.find((b, j) => hashes[j] === b.hash);
    if (found) return found;
  }
  return null;
}

/**
 * Records the stall and moves the cursor back to `from` (null: it stays) in
 * one transaction, if it still stands at `finalNext`; the recorded blocks
 * from `from` on are forgotten (they are read again). A stall already open
 * keeps its start and the highest block read.
 */
async function recordStall(
  ctx: AppContext,
  key: WatchKey,
  reason: 'behind' | 'changed',
  finalNext: bigint,
  last: bigint,
  from: bigint | null,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if ((await lockFinalNext(tx, key)) !== finalNext.toString()) return false;
    const open = sql`stall_reason IS NOT NULL AND stall_resolved_at IS NULL`;
    const next = (from ?? finalNext).toString();
    await tx.query(
      sql`UPDATE chain_watch SET final_next = ${next}, stall_reason = ${reason},
          stall_since = CASE WHEN ${open} THEN stall_since ELSE now() END,
          stall_block = CASE WHEN ${open} THEN GREATEST(stall_block, ${last.toString()}) ELSE ${last.toString()} END,
          stall_from = ${from === null ? null : from.toString()}, stall_resolved_at = NULL
        WHERE ${watchRow(key)}`,
    );
    if (from !== null)
      await tx.query(sql`DELETE FROM chain_watch_blocks WHERE ${watchRow(key)} AND block_number >= ${next}`);
    return true;
  });
}

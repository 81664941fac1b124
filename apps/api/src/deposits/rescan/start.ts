import { RESCAN_MAX_BLOCKS, type Rescan } from '@portal/contract';
import type { AppContext } from '../../context';
import { writeAudit, type Actor } from '../../audit/write-audit';
import { sql } from '../../platform/db/sql';
import { conflict, isUniqueViolation, unprocessable } from '../../shared/errors';
import { fromChain, requireChain } from '../require-chain';
import { watchKeyOf, type WatchKey } from '../watch-cursor';
import { readRescan } from './list';

/**
 * An admin starts a rescan of final blocks `from`..`to` (PRODUCT.md §6,
 * deposit recovery; docs/decisions/0012-evm-node-and-deposit-watcher.md,
 * "Rescan"): the range is checked (from ≤ to, at most RESCAN_MAX_BLOCKS,
 * `to` final on the node now), recorded running and audited in one
 * transaction; the rescan job (job.ts) reads it in chunks. One running
 * rescan per chain and token: the partial unique index of migration 0030
 * refuses a second, however two requests race.
 */
export async function startRescan(
  ctx: AppContext,
  actor: Actor,
  input: { fromBlock: string; toBlock: string },
): Promise<Rescan> {
  const chain = requireChain(ctx);
  const key = watchKeyOf(chain);
  const from = BigInt(input.fromBlock);
  const to = BigInt(input.toBlock);
  if (from > to)
    throw unprocessable(
      'RESCAN_RANGE_INVALID',
      `The range ends before it starts: to block ${to} is below from block ${from}.`,
      'toBlock',
    );
  const blocks = to - from + 1n;
  if (blocks > BigInt(RESCAN_MAX_BLOCKS))
    throw unprocessable(
      'RESCAN_RANGE_TOO_LARGE',
      `Blocks ${from}–${to} are ${blocks} blocks; a rescan covers at most ${RESCAN_MAX_BLOCKS.toLocaleString('en-US')}. Rescan it in several ranges, one after another.`,
      'toBlock',
    );
  const { final } = await fromChain(chain, () => chain.finality());
  if (to > final)
    throw unprocessable(
      'RESCAN_NOT_FINAL',
      `Block ${to} is not final yet: the node's final block is ${final}. Rescan up to block ${final}; later blocks are the deposit watcher's to read.`,
      'toBlock',
    );
  await refuseWhileRunning(ctx, key);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        sql`INSERT INTO deposit_rescans (chain_id, token, from_block, to_block, next_block, started_by)
           VALUES (${key.chainId}, ${key.token}, ${from.toString()}, ${to.toString()}, ${from.toString()}, ${actor.userId}) RETURNING id`,
      );
      const created = Number(rows[0]!.id);
      await writeAudit(tx, {
        actor,
        action: 'deposit_rescan.start',
        targetType: 'deposit_rescan',
        targetId: created,
        details: { fromBlock: from.toString(), toBlock: to.toString(), finalBlock: final.toString() },
      });
      return created;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'deposit_rescans_one_running')) throw error;
    await refuseWhileRunning(ctx, key);
    // The one that won the race has ended meanwhile: still one at a time, so say so and let the admin try again.
    throw conflict(
      'RESCAN_RUNNING',
      'Another rescan was started at the same moment. Look at it below, then start again if needed.',
    );
  }
  ctx.jobs?.kickRescans();
  return readRescan(ctx, id);
}

/** 409 RESCAN_RUNNING naming the running rescan, if there is one. */
async function refuseWhileRunning(ctx: AppContext, key: WatchKey): Promise<void> {
  const { rows } = await ctx.db.query<{ id: number; from_block: string; to_block: string; next_block: string }>(
    sql`SELECT id, from_block::text, to_block::text, next_block::text FROM deposit_rescans
         WHERE chain_id = ${key.chainId} AND token = ${key.token} AND status = 'running'`,
  );
  const running = rows[0];
  if (running)
    throw conflict(
      'RESCAN_RUNNING',
      `Rescan #${running.id} (blocks ${running.from_block}–${running.to_block}) is still running, at block ${running.next_block}. Wait for it to finish, or cancel it, before starting another.`,
    );
}

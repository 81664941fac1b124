import type { Chain } from '../platform/chain';
import type { AppContext } from '../context';
import type { Job } from '../shared/job-runner';
import { newLeaseHolder } from '../shared/lease';
import { clearWatcherError, describeChainError, noteWatcherError } from './chain-status';
import { creditFinalRange } from './credit-final-range';
import { recordDeposits } from './record-deposits';
import { MAX_RANGE } from '../platform/chain/finality';
import { matchToMembers, readFinalRange, readTransferLogs, tooLarge } from './transfer-logs';
import { guardCursor } from './watch-guard';
import {
  advanceSeen,
  claimCursor,
  ensureCursor,
  recordChecked,
  recordFailure,
  releaseCursor,
  watchKeyOf,
} from './watch-cursor';

/**
 * The deposit watcher (PRODUCT.md §6, docs/decisions/0012): reads the
 * token's Transfer logs in ranges of at most MAX_RANGE blocks from a saved
 * cursor (`transfer-logs.ts`, `watch-cursor.ts`),
 *
 * - credits from final ranges only (up to the node's `finalized` block, or
 *   CHAIN_CONFIRMATIONS), after checking each matched log's block hash
 *   against the canonical header and the range's last block before and
 *   after the read (a range whose hashes changed is read again;
 *   `credit-final-range.ts`);
 * - records `seen` deposits from the blocks after that up to `latest`, for
 *   the member's live status; a seen deposit missing from its final range
 *   is `dropped` and never credited.
 *
 * Before reading on, it checks the node still holds the blocks it read
 * (`watch-guard.ts`): a node whose final block is below the cursor, or
 * whose block at the last recorded range end has another hash, makes it
 * read again from the last block both agree on, and report the stall.
 *
 * Exactly once per (chain, tx hash, log index): a UNIQUE constraint, a
 * status that leaves `seen` once, and the cursor moved only in the
 * transaction that records its range, after checking it still stands
 * where this process read it. Every process runs the watcher; a lease on
 * the cursor row lets one of them work at a time.
 */
/** Ranges credited per tick before the next look at the head (catching up stays responsive). */
const RANGES_PER_TICK = 10;

export interface TickResult {
  /** false: another process holds the lease. */
  worked: boolean;
  logs: number;
  matched: number;
  credited: number;
  seen: number;
  dropped: number;
}

/**
 * The watcher as a background job (shared/job-runner.ts runs it every
 * CHAIN_POLL_MS): a failed pass is recorded for /api/health, and stopping
 * lets the cursor's lease go.
 */
export interface DepositWatcher extends Job {
  /** Lets the cursor's lease go (what stopping the job does; tests call it after driving `tick` by hand). */
  release(): Promise<void>;
  /** One pass: credit final ranges (a bounded number), then record what is seen at the head. */
  tick(): Promise<TickResult>;
  /** Called after each credited range (tests, benchmark). */
  onCredited?: (depositIds: number[]) => void;
}

export function createDepositWatcher(ctx: AppContext, chain: Chain): DepositWatcher {
  const { db } = ctx;
  const owner = newLeaseHolder();
  const key = watchKeyOf(chain);
  /** Blocks per getLogs call: MAX_RANGE, halved while a node (or the transport's 10 MB limit) refuses an answer that large. */
  let span = MAX_RANGE;
  let spanSuccesses = 0;

  async function tick(): Promise<TickResult> {
    clearWatcherError(ctx, key.chainId);
    const result: TickResult = { worked: false, logs: 0, matched: 0, credited: 0, seen: 0, dropped: 0 };
    const info = await chain.token();
    const finality = await chain.finality();
    await ensureCursor(db, chain, finality.final);
    const row = await claimCursor(db, key, owner);
    if (!row) return result;
    result.worked = true;
    // The node behind the cursor, or its chain changed under it: read again from the last block both agree on (watch-guard.ts).
    const guarded = await guardCursor(ctx, chain, key, BigInt(row.final_next), finality);
    if (!guarded) {
      await recordChecked(db, key, finality, false);
      return result;
    }
    let { next, anchor } = guarded;
    for (let i = 0; i < RANGES_PER_TICK && next <= finality.final; i += 1) {
      const to = next + span - 1n < finality.final ? next + span - 1n : finality.final;
      let read;
      try {
        read = await readFinalRange(ctx, chain, next, to, anchor);
      } catch (error) {
        if (!tooLarge(error) || to === next) throw error;
        span = (to - next + 1n) / 2n;
        spanSuccesses = 0;
        ctx.log.info(
          { span: String(span) },
          'deposit watcher: the logs of a range were too large; reading narrower ranges',
        );
        continue;
      }
      if (!read) break; // the block before the range changed while it was read: the next tick's guard finds where the chains agree
      const { logs, matched, toHash } = read;
      result.logs += logs.length;
      result.matched += matched.length;
      const recorded = await creditFinalRange(db, key, next, to, toHash, matched, info.decimals);
      if (!recorded) return result; // the cursor moved meanwhile: another process recorded the range
      result.credited += recorded.credited.length;
      result.dropped += recorded.dropped;
      if (recorded.credited.length) watcher.onCredited?.(recorded.credited);
      next = to + 1n;
      anchor = { number: to, hash: toHash };
      // Widen again slowly once narrower ranges have gone well for a while.
      if (span < MAX_RANGE && (spanSuccesses += 1) >= 16) {
        span = span * 2n > MAX_RANGE ? MAX_RANGE : span * 2n;
        spanSuccesses = 0;
      }
    }
    // The head, for the live status: at most the last MAX_RANGE blocks after the final ones.
    if (next > finality.final && finality.latest >= next) {
      const seenFrom = finality.latest - next + 1n > span ? finality.latest - span + 1n : next;
      const logs = await readTransferLogs(chain, seenFrom, finality.latest).catch((error: unknown) => {
        if (!tooLarge(error)) throw error;
        return []; // the live status waits; the final ranges narrow themselves
      });
      const matched = await matchToMembers(db, logs);
      result.logs += logs.length;
      if (matched.length)
        result.seen += (await recordDeposits(db, key.chainId, matched, info.decimals, ['seen'])).length;
      await advanceSeen(db, key, finality.latest);
    }
    await recordChecked(db, key, finality, true);
    return result;
  }

  const watcher: DepositWatcher = {
    name: 'deposit watcher',
    everyMs: chain.settings.pollMs,
    tick,
    async pass() {
      await tick();
      return false;
    },
    describeError: (error) => describeChainError(chain, error),
    async failed(error, failures) {
      const message = describeChainError(chain, error);
      noteWatcherError(ctx, key.chainId, message);
      await recordFailure(db, key, message, failures);
    },
    release: () => releaseCursor(db, key, owner),
  };
  return watcher;
}

import type { Chain } from '../../platform/chain';
import type { AppContext } from '../../context';
import type { Job } from '../../shared/job-runner';
import { newLeaseHolder } from '../../shared/lease';
import { describeChainError } from '../chain-status';
import { MAX_RANGE } from '../../platform/chain/finality';
import { readFinalRange, tooLarge } from '../transfer-logs';
import { watchKeyOf } from '../watch-cursor';
import { recordChunk } from './chunk';
import { claimRescan, recordRescanFailure, releaseRescan } from './lease';

/** Chunks read per pass before the job yields to the others (the next pass runs at once while blocks are left). */
const CHUNKS_PER_PASS = 10;

export interface RescanOptions {
  /** Blocks per chunk: MAX_RANGE (what one getLogs may ask), or fewer in tests to see progress committed chunk by chunk. */
  chunk?: bigint;
  chunksPerPass?: number;
}

export interface RescanPass {
  /** False: no rescan runs, or another process holds its lease. */
  worked: boolean;
  /** Chunks recorded in this pass. */
  chunks: number;
  /** Blocks are left to read. */
  more: boolean;
}

/**
 * The rescan job (docs/decisions/0012-evm-node-and-deposit-watcher.md,
 * "Rescan"): every process runs it; the running rescan's lease (lease.ts)
 * lets one work at a time. A pass reads the rescan's blocks from its
 * committed `next_block` in chunks of final blocks, each read the way the
 * watcher reads a final range (`readFinalRange`: matched logs checked
 * against the canonical block hashes) and recorded in one transaction
 * (chunk.ts). A chunk the node refuses as too large is read in halves.
 */
export function createRescanRunner(ctx: AppContext, chain: Chain, options: RescanOptions = {}) {
  const holder = newLeaseHolder();
  const key = watchKeyOf(chain);
  const widest = options.chunk ?? MAX_RANGE;
  let span = widest;

  async function pass(): Promise<RescanPass> {
    const claimed = await claimRescan(ctx.db, key, holder);
    if (!claimed) return { worked: false, chunks: 0, more: false };
    const { decimals } = await chain.token();
    let { next } = claimed;
    let chunks = 0;
    while (chunks < (options.chunksPerPass ?? CHUNKS_PER_PASS) && next <= claimed.to) {
      const to = next + span - 1n < claimed.to ? next + span - 1n : claimed.to;
      let read;
      try {
        // Without an anchor it never answers null: a range whose hashes keep changing throws.
        read = (await readFinalRange(ctx, chain, next, to))!;
      } catch (error) {
        if (!tooLarge(error) || to === next) throw error;
        span = (to - next + 1n) / 2n;
        continue;
      }
      const recorded = await recordChunk(ctx.db, key, { id: claimed.id, holder }, next, to, read.matched, decimals);
      // Cancelled, or taken over by another process after this one stalled past its lease.
      if (!recorded) return { worked: true, chunks, more: false };
      chunks += 1;
      next = to + 1n;
      if (span < widest) span = span * 2n > widest ? widest : span * 2n;
    }
    return { worked: true, chunks, more: next <= claimed.to };
  }

  return {
    pass,
    holder,
    /** Lets the lease go (what stopping the job does; tests call it after driving `pass` by hand). */
    release: () => releaseRescan(ctx.db, key, holder),
    /** A failed pass: its error kept on the rescan, which fails after several in a row (lease.ts). */
    failed: (error: unknown) => recordRescanFailure(ctx.db, key, holder, describeChainError(chain, error)),
  };
}

export type RescanRunner = ReturnType<typeof createRescanRunner>;

/** The rescan job in the background (jobs.ts): a pass every poll interval (5 s at least), at once again while blocks are left, and at once when a rescan starts. */
export function rescanJob(ctx: AppContext, chain: Chain): Job {
  const runner = createRescanRunner(ctx, chain);
  return {
    name: 'deposit rescan',
    // Mostly nothing runs: a look every few seconds at most (a start kicks the job at once; a takeover waits out a 30 s lease anyway).
    everyMs: Math.max(chain.settings.pollMs, 5_000),
    async pass() {
      return (await runner.pass()).more;
    },
    describeError: (error) => describeChainError(chain, error),
    failed: (error) => runner.failed(error),
    release: runner.release,
  };
}

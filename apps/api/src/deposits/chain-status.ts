import type { ChainStall, ChainStatus } from '@portal/contract';
import type { Chain } from '../platform/chain';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { part } from '../per-process';
import { MAX_RANGE } from '../platform/chain/finality';
import { KEPT_BLOCKS, watchKeyOf, watchRow } from './watch-cursor';

/**
 * How the deposit watcher stands, for /api/health and the admin pages: read
 * from its cursor row (any process's), or from this process's last error
 * while the row does not exist yet (the node never answered).
 */

/** This process's last watcher error per chain, for the status before the cursor row exists. */
const LAST_ERRORS = part<Map<number, string>>('the deposit watcher errors');

const lastErrorsOf = (ctx: AppContext) => ctx.perProcess.of(LAST_ERRORS, () => new Map<number, string>());

export const noteWatcherError = (ctx: AppContext, chainId: number, message: string): void =>
  void lastErrorsOf(ctx).set(chainId, message);
export const clearWatcherError = (ctx: AppContext, chainId: number): void => void lastErrorsOf(ctx).delete(chainId);

/** An error as it may be shown and stored: first line, RPC URL (it may carry an API key) masked. */
export function describeChainError(chain: Chain, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = (text.split('\n').find((l) => l.trim()) ?? 'unknown error').trim();
  return line.split(chain.settings.rpcUrl).join('<CHAIN_RPC_URL>').slice(0, 300);
}

interface StatusRow {
  final_next: string;
  latest_block: string | null;
  final_block: string | null;
  finality: 'finalized' | 'confirmations' | null;
  checked_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  stall_reason: 'behind' | 'changed' | null;
  stall_since: Date | null;
  stall_block: string | null;
  stall_from: string | null;
  stall_resolved_at: Date | null;
}

/** A resolved stall stays on the status this long, so an operator sees it happened. */
const STALL_SHOWN_MS = 24 * 3600_000;

const CHECK_RECONCILIATION =
  'Check the reconciliation on the BEP20 wallets page: a credited deposit that is no longer on the chain shows there as a difference.';

/** The stall in words: what happened and what the operator should do. */
function describeStall(row: StatusRow): string {
  const read = row.stall_block!;
  const from = row.stall_from;
  if (row.stall_resolved_at) {
    const what =
      row.stall_reason === 'behind'
        ? `the node stood below block ${read}, which the portal had already read`
        : `the chain changed under block ${read}, which the portal had already read`;
    return `Resolved: ${what}. The deposit watcher read again from block ${from ?? '—'} and has passed block ${read} on the node's chain; nothing was credited twice. ${CHECK_RECONCILIATION}`;
  }
  if (from === null) {
    return row.stall_reason === 'behind'
      ? `The node is behind the portal's cursor: its final block is ${row.final_block ?? '—'}, but the portal has already read up to block ${read}. Crediting is paused and resumes by itself once the node passes block ${read}. If it stays behind, point CHAIN_RPC_URL at a node that is in sync.`
      : `The chain changed under the portal: none of the last ${KEPT_BLOCKS} blocks the portal recorded is on the node's chain any more. Crediting is paused. Check that CHAIN_RPC_URL serves the right chain; to read again from a known block, set CHAIN_START_BLOCK and restart the portal. ${CHECK_RECONCILIATION}`;
  }
  return row.stall_reason === 'behind'
    ? `The node is behind the portal's cursor: its final block is ${row.final_block ?? '—'}, but the portal had already read up to block ${read} (the node lost blocks, e.g. an embedded chain restarted from an older state, or CHAIN_RPC_URL answers from a node that is behind). Crediting past the node's chain is paused; the deposit watcher reads again from block ${from} as the node reaches each block, and resumes by itself once the node passes block ${read}. If it stays behind, point CHAIN_RPC_URL at a node that is in sync. ${CHECK_RECONCILIATION}`
    : `The chain changed under the portal: block ${read}, which the portal had read, has another hash on the node now (a reorganisation deeper than finality, or a node that lost blocks and mined new ones). The deposit watcher reads again from block ${from}, after the last block both agree on; nothing is credited twice. ${CHECK_RECONCILIATION}`;
}

function stallOf(row: StatusRow, now: number): ChainStall | null {
  if (!row.stall_reason || !row.stall_since || row.stall_block === null) return null;
  if (row.stall_resolved_at && now - row.stall_resolved_at.getTime() > STALL_SHOWN_MS) return null;
  return {
    reason: row.stall_reason,
    message: describeStall(row),
    since: row.stall_since.toISOString(),
    cursorBlock: row.stall_block,
    rescanFrom: row.stall_from,
    resolvedAt: row.stall_resolved_at ? row.stall_resolved_at.toISOString() : null,
  };
}

/** The watcher's state from the database (any process's), for /api/health and the admin pages. */
export async function readChainStatus(ctx: AppContext): Promise<ChainStatus> {
  const chain = ctx.chain;
  if (!chain)
    return {
      status: 'off',
      chainId: null,
      latestBlock: null,
      finalBlock: null,
      scannedTo: null,
      finality: null,
      checkedAt: null,
      lastError: null,
      stall: null,
    };
  const { rows } = await ctx.db.query<StatusRow>(
    sql`SELECT final_next::text, latest_block::text, final_block::text, finality, checked_at, last_error, last_error_at,
              stall_reason, stall_since, stall_block::text, stall_from::text, stall_resolved_at
       FROM chain_watch WHERE ${watchRow(watchKeyOf(chain))}`,
  );
  const row = rows[0];
  if (!row) {
    const lastError = lastErrorsOf(ctx).get(chain.chainId) ?? null;
    return {
      status: lastError ? 'unreachable' : 'starting',
      chainId: chain.chainId,
      latestBlock: null,
      finalBlock: null,
      scannedTo: null,
      finality: null,
      checkedAt: null,
      lastError,
      stall: null,
    };
  }
  const failing = row.last_error_at && (!row.checked_at || row.last_error_at > row.checked_at);
  const stale =
    row.checked_at && ctx.now().getTime() - row.checked_at.getTime() > Math.max(30_000, chain.settings.pollMs * 20);
  const behind = row.final_block !== null && BigInt(row.final_block) - BigInt(row.final_next) + 1n > MAX_RANGE;
  const stall = stallOf(row, ctx.now().getTime());
  return {
    status:
      failing || stale
        ? 'unreachable'
        : !row.checked_at
          ? 'starting'
          : stall && !stall.resolvedAt
            ? 'stalled'
            : behind
              ? 'lagging'
              : 'ok',
    chainId: chain.chainId,
    latestBlock: row.latest_block,
    finalBlock: row.final_block,
    scannedTo: row.final_next,
    finality: row.finality,
    checkedAt: row.checked_at ? row.checked_at.toISOString() : null,
    lastError: failing ? row.last_error : null,
    stall,
  };
}

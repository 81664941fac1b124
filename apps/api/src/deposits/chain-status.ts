import type { ChainStatus } from '@portal/contract';
import type { Chain } from '../chain';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { MAX_RANGE } from './transfer-logs';
import { watchKeyOf, watchRow } from './watch-cursor';

/**
 * How the deposit watcher stands, for /api/health and the admin pages: read
 * from its cursor row (any process's), or from this process's last error
 * while the row does not exist yet (the node never answered).
 */

/** This process's last watcher error per chain, for the status before the cursor row exists. */
const lastErrors = new Map<number, string>();

export const noteWatcherError = (chainId: number, message: string): void => void lastErrors.set(chainId, message);
export const clearWatcherError = (chainId: number): void => void lastErrors.delete(chainId);

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
}

/** The watcher's state from the database (any process's), for /api/health and the admin pages. */
export async function readChainStatus(ctx: AppContext): Promise<ChainStatus> {
  const chain = ctx.chain;
  if (!chain) return { status: 'off', chainId: null, latestBlock: null, finalBlock: null, scannedTo: null, finality: null, checkedAt: null, lastError: null };
  const { rows } = await ctx.db.query<StatusRow>(
    sql`SELECT final_next::text, latest_block::text, final_block::text, finality, checked_at, last_error, last_error_at
       FROM chain_watch WHERE ${watchRow(watchKeyOf(chain))}`,
  );
  const row = rows[0];
  if (!row) {
    const lastError = lastErrors.get(chain.chainId) ?? null;
    return { status: lastError ? 'unreachable' : 'starting', chainId: chain.chainId, latestBlock: null, finalBlock: null, scannedTo: null, finality: null, checkedAt: null, lastError };
  }
  const failing = row.last_error_at && (!row.checked_at || row.last_error_at > row.checked_at);
  const stale = row.checked_at && ctx.now().getTime() - row.checked_at.getTime() > Math.max(30_000, chain.settings.pollMs * 20);
  const behind = row.final_block !== null && BigInt(row.final_block) - BigInt(row.final_next) + 1n > MAX_RANGE;
  return {
    status: failing || stale ? 'unreachable' : !row.checked_at ? 'starting' : behind ? 'lagging' : 'ok',
    chainId: chain.chainId,
    latestBlock: row.latest_block,
    finalBlock: row.final_block,
    scannedTo: row.final_next,
    finality: row.finality,
    checkedAt: row.checked_at ? row.checked_at.toISOString() : null,
    lastError: failing ? row.last_error : null,
  };
}

import { toBaseUnits } from '@portal/contract';
import type { Address } from 'viem';
import type { Chain } from '../chain';
import { nativeBalances, toLedgerUnits, tokenBalances } from '../chain/token';
import type { AppContext } from '../../context';
import { part } from '../../per-process';
import { sql } from '../db/sql';
import { reconcile } from '../../deposits/wallets';
import { watchKeyOf, watchRow } from '../../deposits/watch-cursor';
import { describeChainError } from '../../deposits/chain-status';
import { isChainError } from '../chain/errors';

/**
 * What the metrics and /api/health read from the chain, read at most once
 * per CHAIN_READ_EVERY_MS whatever the number of scrapes and health checks
 * (a scrape must not become load on the node): concurrent readers share one
 * read, and a failed read is kept as long as a good one, so a dead node is
 * not asked again on every scrape either.
 *
 * Balances here are bigint base units (18 decimals, the ledger's); turning
 * them into floats is the metrics' business, for display only.
 */
export const CHAIN_READ_EVERY_MS = 15_000;

export type WalletRole = 'treasury' | 'hot' | 'gas';

export interface ChainFigures {
  ok: true;
  head: { number: bigint; timestamp: bigint };
  /** The deposit watcher's last credited block (its cursor - 1) and that block's time; null before the watcher's first pass. */
  cursor: { block: bigint; timestamp: bigint } | null;
  /** Token balances in ledger base units (18 decimals), BNB in wei. */
  wallets: Array<{ role: WalletRole; token: bigint; bnb: bigint }>;
}

export interface ChainFailure {
  ok: false;
  error: string;
}

export interface Reconciliation {
  ok: true;
  /** On chain minus what the ledger expects there, and the part of it nothing explains, in ledger base units. */
  difference: bigint;
  unexplained: bigint;
}

/** A value read at most once per `everyMs` of the portal's clock; concurrent callers share the read. */
function every<T>(ctx: AppContext, everyMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = ctx.now().getTime();
    if (!last || now - last.at >= everyMs || now < last.at) last = { at: now, value: read() };
    return last.value;
  };
}

/**
 * Only the node failing is a chain failure (chain/errors.ts): a database
 * error or a bug is thrown, so that it fails the scrape or the health check
 * as the other database reads would, rather than read as "the node did not answer".
 */
function failure(chain: Chain, error: unknown): ChainFailure {
  if (!isChainError(error)) throw error;
  return { ok: false, error: describeChainError(chain, error) };
}

export interface ChainSnapshot {
  figures(): Promise<ChainFigures | ChainFailure>;
  reconciliation(): Promise<Reconciliation | ChainFailure>;
}

/** The snapshot of each chain the portal has talked to (a context copied with another chain, `{ ...ctx, chain }`, has its own). */
const SNAPSHOTS = part<Map<Chain, ChainSnapshot>>('the chain snapshots');

/** The portal's one snapshot of its chain (its context's `perProcess`: tests run several portals in a process); undefined without a chain. */
export function chainSnapshotOf(ctx: AppContext): ChainSnapshot | undefined {
  const chain = ctx.chain;
  if (!chain) return undefined;
  const snapshots = ctx.perProcess.of(SNAPSHOTS, () => new Map<Chain, ChainSnapshot>());
  let snapshot = snapshots.get(chain);
  if (!snapshot) snapshots.set(chain, (snapshot = createChainSnapshot(ctx, chain)));
  return snapshot;
}

function createChainSnapshot(ctx: AppContext, chain: Chain): ChainSnapshot {
  const key = watchKeyOf(chain);
  const roles: Array<[WalletRole, Address]> = [
    ['treasury', chain.treasuryAddress],
    ...(chain.hotWalletAddress ? [['hot', chain.hotWalletAddress] as [WalletRole, Address]] : []),
    ...(chain.gasWalletAddress ? [['gas', chain.gasWalletAddress] as [WalletRole, Address]] : []),
  ];

  const figures = every(ctx, CHAIN_READ_EVERY_MS, async (): Promise<ChainFigures | ChainFailure> => {
    try {
      const token = await chain.token();
      const cursorRow = (
        await ctx.db.query<{ final_next: string }>(sql`SELECT final_next::text FROM chain_watch WHERE ${watchRow(key)}`)
      ).rows[0];
      const cursorBlock = cursorRow && BigInt(cursorRow.final_next) > 0n ? BigInt(cursorRow.final_next) - 1n : null;
      const addresses = roles.map(([, address]) => address);
      const [head, cursor, tokens, bnb] = await Promise.all([
        chain.client.getBlock({ blockTag: 'latest' }),
        cursorBlock === null ? null : chain.client.getBlock({ blockNumber: cursorBlock }),
        tokenBalances(chain.client, token.address, addresses),
        nativeBalances(chain.client, addresses),
      ]);
      return {
        ok: true,
        head: { number: head.number, timestamp: head.timestamp },
        cursor: cursor ? { block: cursor.number, timestamp: cursor.timestamp } : null,
        wallets: roles.map(([role], i) => ({ role, token: toLedgerUnits(tokens[i]!, token.decimals), bnb: bnb[i]! })),
      };
    } catch (error) {
      return failure(chain, error);
    }
  });

  // Reads every deposit address's balance: the heaviest read, for the metrics only.
  const reconciliation = every(ctx, CHAIN_READ_EVERY_MS, async (): Promise<Reconciliation | ChainFailure> => {
    try {
      const token = await chain.token();
      const r = await reconcile(ctx, chain, token.decimals);
      // reconcile() answers decimal strings (its page shows them): back to base units.
      return { ok: true, difference: toBaseUnits(r.difference), unexplained: toBaseUnits(r.unexplained) };
    } catch (error) {
      return failure(chain, error);
    }
  });

  return { figures, reconciliation };
}

import { randomUUID } from 'node:crypto';
import { fromBaseUnits, toBaseUnits, type ChainStatus } from '@portal/contract';
import type { Hex } from 'viem';
import type { Chain } from '../chain';
import { toLedgerUnits } from '../chain/token';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { postBulkCredits } from '../ledger/bulk';
import { postEntry } from '../ledger/post';
import { readSettings } from '../settings/service';
import { matchDepositAddresses } from './addresses';
import { sql } from '../db/sql';

/**
 * The deposit watcher (PRODUCT.md §6, docs/decisions/0012): reads the
 * token's Transfer logs in ranges of at most MAX_RANGE blocks from a saved
 * cursor, matches recipients against the deposit addresses by a batched
 * indexed lookup (no `to` filter: with a million addresses it cannot work),
 *
 * - credits from final ranges only (up to the node's `finalized` block, or
 *   CHAIN_CONFIRMATIONS), after checking each matched log's block hash
 *   against the canonical header and the range's last block before and
 *   after the read (a range whose hashes changed is read again);
 * - records `seen` deposits from the blocks after that up to `latest`, for
 *   the member's live status; a seen deposit missing from its final range
 *   is `dropped` and never credited.
 *
 * Exactly once per (chain, tx hash, log index): a UNIQUE constraint, a
 * status that leaves `seen` once, and the cursor moved only in the
 * transaction that records its range, after checking it still stands
 * where this process read it. Every process runs the watcher; a lease on
 * the cursor row lets one of them work at a time.
 */
export const MAX_RANGE = 2_000n;
/** Ranges credited per tick before the next look at the head (catching up stays responsive). */
const RANGES_PER_TICK = 10;
const LEASE_SECONDS = 30;
/** From this many credits in one range on, they are posted set-based (ledger/bulk.ts) rather than one entry each. */
export const BULK_FROM = 20;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface TransferLog {
  blockNumber: bigint;
  blockHash: string;
  txHash: string;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
}

interface RawLog {
  blockNumber: Hex;
  blockHash: string;
  transactionHash: string;
  logIndex: Hex;
  topics: string[];
  data: Hex;
  removed?: boolean;
}

interface WatchRow {
  final_next: string;
  seen_next: string;
}

export interface TickResult {
  /** false: another process holds the lease. */
  worked: boolean;
  logs: number;
  matched: number;
  credited: number;
  seen: number;
  dropped: number;
}

export class RangeChanged extends Error {}

/** This process's last watcher error per chain, for the status before the cursor row exists. */
const lastErrors = new Map<number, string>();

export interface DepositWatcher {
  /** One pass: credit final ranges (a bounded number), then record what is seen at the head. */
  tick(): Promise<TickResult>;
  /** The background loop: ticks every CHAIN_POLL_MS, backs off on errors; never throws. */
  start(): void;
  stop(): Promise<void>;
  /** Called after each credited range (tests, benchmark). */
  onCredited?: (depositIds: number[]) => void;
}

/** A node's (or viem's) refusal of an answer too large: too many logs, too wide a range. */
export function tooLarge(error: unknown): boolean {
  const e = error as { name?: string; message?: string; details?: string } | undefined;
  const text = `${e?.name ?? ''} ${e?.message ?? ''} ${e?.details ?? ''}`.toLowerCase();
  return /too large|too many|exceed|limit|more than \d+ results|response size/.test(text);
}

/** An error as it may be shown and stored: first line, RPC URL (it may carry an API key) masked. */
export function describeChainError(chain: Chain, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = (text.split('\n').find((l) => l.trim()) ?? 'unknown error').trim();
  return line.split(chain.settings.rpcUrl).join('<CHAIN_RPC_URL>').slice(0, 300);
}

export function createDepositWatcher(ctx: AppContext, chain: Chain): DepositWatcher {
  const { db, log } = ctx;
  const owner = randomUUID();
  const chainId = chain.chainId;
  const token = chain.settings.tokenAddress.toLowerCase();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let failures = 0;
  /** Blocks per getLogs call: MAX_RANGE, halved while a node (or the transport's 10 MB limit) refuses an answer that large. */
  let span = MAX_RANGE;
  let spanSuccesses = 0;

  const toHex = (n: bigint) => `0x${n.toString(16)}`;

  async function readLogs(from: bigint, to: bigint): Promise<TransferLog[]> {
    const raw = await chain.client.request({
      method: 'eth_getLogs',
      params: [{ address: chain.settings.tokenAddress, topics: [TRANSFER_TOPIC], fromBlock: toHex(from), toBlock: toHex(to) }] as never,
    }) as unknown as RawLog[];
    const logs: TransferLog[] = [];
    for (const entry of raw) {
      if (entry.removed || entry.topics.length !== 3) continue; // not an ERC-20 Transfer (e.g. ERC-721 shape)
      logs.push({
        blockNumber: BigInt(entry.blockNumber),
        blockHash: entry.blockHash.toLowerCase(),
        txHash: entry.transactionHash.toLowerCase(),
        logIndex: Number(entry.logIndex),
        from: `0x${entry.topics[1]!.slice(26)}`.toLowerCase(),
        to: `0x${entry.topics[2]!.slice(26)}`.toLowerCase(),
        value: entry.data === '0x' ? 0n : BigInt(entry.data),
      });
    }
    return logs;
  }

  async function blockHash(number: bigint): Promise<string> {
    const block = await chain.client.getBlock({ blockNumber: number });
    return block.hash!.toLowerCase();
  }

  /** Logs of a final range whose matched logs sit in canonical blocks; re-read (up to 3 times) when a hash changed. */
  async function readFinalRange(from: bigint, to: bigint): Promise<{ logs: TransferLog[]; matched: Array<TransferLog & { memberId: number }> }> {
    for (let attempt = 1; ; attempt += 1) {
      const endBefore = await blockHash(to);
      const logs = await readLogs(from, to);
      const members = await matchDepositAddresses(db, [...new Set(logs.map((l) => l.to))]);
      const matched = logs.filter((l) => members.has(l.to)).map((l) => ({ ...l, memberId: members.get(l.to)! }));
      const blocks = [...new Set(matched.map((l) => l.blockNumber))];
      const [endAfter, ...hashes] = await Promise.all([blockHash(to), ...blocks.map(blockHash)]);
      const canonical = new Map(blocks.map((b, i) => [b, hashes[i]!]));
      if (endBefore === endAfter && matched.every((l) => canonical.get(l.blockNumber) === l.blockHash)) return { logs, matched };
      if (attempt >= 3) throw new RangeChanged(`blocks ${from}-${to} kept changing while read`);
      log.warn({ from: String(from), to: String(to) }, 'deposit watcher: block hashes changed during the read; reading the range again');
    }
  }

  async function claim(): Promise<WatchRow | undefined> {
    const { rows } = await db.query<WatchRow>(
      sql`UPDATE chain_watch SET leased_by = ${owner}, leased_until = now() + make_interval(secs => ${LEASE_SECONDS})
        WHERE chain_id = ${chainId} AND token = ${token} AND (leased_by = ${owner} OR leased_until IS NULL OR leased_until < now())
        RETURNING final_next::text, seen_next::text`,
    );
    return rows[0];
  }

  async function ensureCursor(final: bigint): Promise<void> {
    const start = chain.settings.startBlock !== undefined ? BigInt(chain.settings.startBlock) : final + 1n;
    await db.query(
      sql`INSERT INTO chain_watch (chain_id, token, final_next, seen_next) VALUES (${chainId}, ${token}, ${start.toString()}, ${start.toString()}) ON CONFLICT DO NOTHING`,
    );
  }

  /** Records a final range in one transaction; false when the cursor moved meanwhile (another process did it). */
  async function recordFinal(from: bigint, to: bigint, matched: Array<TransferLog & { memberId: number }>, decimals: number, result: TickResult): Promise<boolean> {
    const creditedIds: number[] = [];
    const done = await db.transaction(async (tx) => {
      const cursor = await tx.query<{ final_next: string }>(
        sql`SELECT final_next::text FROM chain_watch WHERE chain_id = ${chainId} AND token = ${token} FOR UPDATE`,
      );
      if (cursor.rows[0]?.final_next !== from.toString()) return false;
      if (matched.length) {
        const settings = await readSettings(tx);
        const minimum = toBaseUnits(settings.depositMinimum);
        const open = await upsertDeposits(tx, matched, decimals, ['seen', 'dropped']);
        const below = open.filter((row) => BigInt(row.amount) < minimum);
        const credit = open.filter((row) => BigInt(row.amount) >= minimum);
        if (below.length) {
          await tx.query(sql`UPDATE deposits SET status = 'below_minimum', final_at = now() WHERE id = ANY(${below.map((row) => row.id)}::bigint[])`);
        }
        if (credit.length >= BULK_FROM) {
          // Catching up: the range's credits set-based, one line per member (their deposits summed), entries of up to 5,000 lines.
          await tx.query(sql`DROP TABLE IF EXISTS pg_temp.deposit_credits`);
          await tx.query(
            sql`CREATE TEMPORARY TABLE deposit_credits ON COMMIT DROP AS
             SELECT member_id, sum(amount) AS amount, NULL::bigint AS entry_id
               FROM unnest(${credit.map((row) => row.member_id)}::bigint[], ${credit.map((row) => row.amount)}::numeric[]) AS u(member_id, amount) GROUP BY member_id`,
          );
          await postBulkCredits(tx, {
            type: 'deposit',
            memo: `Deposits (BEP20), blocks ${from}-${to}`,
            actorId: null,
            refs: { chainId, fromBlock: from.toString(), toBlock: to.toString() },
            from: 'treasury',
            wallet: 'deposit',
            source: 'deposit_credits',
          });
          await tx.query(
            sql`UPDATE deposits d SET status = 'credited', entry_id = c.entry_id, final_at = now(), credited_at = now()
               FROM pg_temp.deposit_credits c WHERE d.id = ANY(${credit.map((row) => row.id)}::bigint[]) AND d.member_id = c.member_id`,
          );
          creditedIds.push(...credit.map((row) => Number(row.id)));
        } else {
          for (const row of credit) {
            const amount = BigInt(row.amount);
            const entry = await postEntry(tx, {
              type: 'deposit',
              memo: `Deposit of ${fromBaseUnits(amount)} USDT (BEP20)`,
              actorId: null,
              refs: { depositId: Number(row.id), txHash: row.tx_hash, logIndex: row.log_index, chainId },
              lines: [
                { account: { member: Number(row.member_id), wallet: 'deposit' }, amount },
                { account: { system: 'treasury' }, amount: -amount },
              ],
            });
            await tx.query(sql`UPDATE deposits SET status = 'credited', entry_id = ${entry.id}, final_at = now(), credited_at = now() WHERE id = ${row.id}`);
            creditedIds.push(Number(row.id));
          }
        }
      }
      // Seen in this range but not among its final logs: reorganised away.
      const dropped = await tx.query(
        sql`UPDATE deposits SET status = 'dropped', final_at = now() WHERE chain_id = ${chainId} AND status = 'seen' AND block_number BETWEEN ${from.toString()} AND ${to.toString()}`,
      );
      await tx.query(
        sql`UPDATE chain_watch SET final_next = ${(to + 1n).toString()}, seen_next = GREATEST(seen_next, ${(to + 1n).toString()}), leased_until = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE chain_id = ${chainId} AND token = ${token}`,
      );
      result.dropped += dropped.rowCount;
      return true;
    });
    result.credited += creditedIds.length;
    if (done && creditedIds.length) watcher.onCredited?.(creditedIds);
    return done;
  }

  interface OpenRow {
    id: string;
    member_id: string;
    amount: string;
    tx_hash: string;
    log_index: number;
  }

  /** Inserts the logs as `seen`; an existing row in one of `reopen` takes the log's block. Returns the rows inserted or reopened. */
  async function upsertDeposits(db: Sql, logs: Array<TransferLog & { memberId: number }>, decimals: number, reopen: string[]): Promise<OpenRow[]> {
    const { rows } = await db.query<OpenRow>(
      sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status)
       SELECT ${chainId}, u.tx_hash, u.log_index, u.block_number, u.block_hash, u.member_id, u.address, u.from_address, u.amount, 'seen'
         FROM unnest(${logs.map((l) => l.txHash)}::text[], ${logs.map((l) => l.logIndex)}::int[], ${logs.map((l) => l.blockNumber.toString())}::bigint[], ${logs.map((l) => l.blockHash)}::text[], ${logs.map((l) => l.memberId)}::bigint[], ${logs.map((l) => l.to)}::text[], ${logs.map((l) => l.from)}::text[], ${logs.map((l) => toLedgerUnits(l.value, decimals).toString())}::numeric[])
              AS u(tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount)
       ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE
          SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, status = 'seen'
        WHERE deposits.status = ANY(${reopen}::text[])
       RETURNING id::text, member_id::text, amount::text, tx_hash, log_index`,
    );
    return rows;
  }

  async function tick(): Promise<TickResult> {
    lastErrors.delete(chainId);
    const result: TickResult = { worked: false, logs: 0, matched: 0, credited: 0, seen: 0, dropped: 0 };
    const info = await chain.token();
    const finality = await chain.finality();
    await ensureCursor(finality.final);
    const row = await claim();
    if (!row) return result;
    result.worked = true;
    let next = BigInt(row.final_next);
    for (let i = 0; i < RANGES_PER_TICK && next <= finality.final; i += 1) {
      const to = next + span - 1n < finality.final ? next + span - 1n : finality.final;
      let read;
      try {
        read = await readFinalRange(next, to);
      } catch (error) {
        if (!tooLarge(error) || to === next) throw error;
        span = (to - next + 1n) / 2n;
        spanSuccesses = 0;
        log.info({ span: String(span) }, 'deposit watcher: the logs of a range were too large; reading narrower ranges');
        continue;
      }
      const { logs, matched } = read;
      result.logs += logs.length;
      result.matched += matched.length;
      if (!(await recordFinal(next, to, matched, info.decimals, result))) return result;
      next = to + 1n;
      // Widen again slowly once narrower ranges have gone well for a while.
      if (span < MAX_RANGE && (spanSuccesses += 1) >= 16) {
        span = span * 2n > MAX_RANGE ? MAX_RANGE : span * 2n;
        spanSuccesses = 0;
      }
    }
    // The head, for the live status: at most the last MAX_RANGE blocks after the final ones.
    if (next > finality.final && finality.latest >= next) {
      const seenFrom = finality.latest - next + 1n > span ? finality.latest - span + 1n : next;
      const logs = await readLogs(seenFrom, finality.latest).catch((error: unknown) => {
        if (!tooLarge(error)) throw error;
        return []; // the live status waits; the final ranges narrow themselves
      });
      const members = await matchDepositAddresses(db, [...new Set(logs.map((l) => l.to))]);
      const matched = logs.filter((l) => members.has(l.to)).map((l) => ({ ...l, memberId: members.get(l.to)! }));
      result.logs += logs.length;
      if (matched.length) result.seen += (await upsertDeposits(db, matched, info.decimals, ['seen'])).length;
      await db.query(sql`UPDATE chain_watch SET seen_next = GREATEST(seen_next, ${(finality.latest + 1n).toString()}) WHERE chain_id = ${chainId} AND token = ${token}`);
    }
    await db.query(
      sql`UPDATE chain_watch SET latest_block = ${finality.latest.toString()}, final_block = ${finality.final.toString()}, finality = ${finality.source}, checked_at = now(), failures = 0, last_error = NULL, last_error_at = NULL
        WHERE chain_id = ${chainId} AND token = ${token}`,
    );
    return result;
  }

  async function recordFailure(error: unknown) {
    const message = describeChainError(chain, error);
    lastErrors.set(chainId, message);
    log.warn({ err: message, failures }, 'deposit watcher: the chain did not answer; retrying with back-off');
    await db
      .query(sql`UPDATE chain_watch SET last_error = ${message}, last_error_at = now(), failures = ${failures} WHERE chain_id = ${chainId} AND token = ${token}`)
      .catch(() => undefined);
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .then(() => {
          failures = 0;
        })
        .catch(async (error) => {
          failures += 1;
          await recordFailure(error);
        })
        .finally(() => schedule(failures ? Math.min(chain.settings.pollMs * 2 ** failures, 60_000) : chain.settings.pollMs));
    }, delay);
    timer.unref?.();
  }

  const watcher: DepositWatcher = {
    tick,
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      await db.query(sql`UPDATE chain_watch SET leased_until = NULL WHERE chain_id = ${chainId} AND token = ${token} AND leased_by = ${owner}`).catch(() => undefined);
    },
  };
  return watcher;
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
       FROM chain_watch WHERE chain_id = ${chain.chainId} AND token = ${chain.settings.tokenAddress.toLowerCase()}`,
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

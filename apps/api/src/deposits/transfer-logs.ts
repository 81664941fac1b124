import type { Hex } from 'viem';
import type { Chain } from '../platform/chain';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { matchDepositAddresses } from './addresses';

/**
 * The token's Transfer logs as the deposit watcher reads them: a range of
 * blocks at a time, with no `to` filter (with a million deposit addresses
 * it cannot work); recipients are matched against the deposit addresses by
 * a batched indexed lookup afterwards.
 */

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

/** A log whose recipient is a member's deposit address. */
export type MatchedLog = TransferLog & { memberId: number };

/** A log as the node's JSON-RPC answers it (eth_getLogs, a receipt's logs). */
export interface RawLog {
  /** The contract that emitted it. */
  address: string;
  blockNumber: Hex;
  blockHash: string;
  transactionHash: string;
  logIndex: Hex;
  topics: string[];
  data: Hex;
  removed?: boolean;
}

export class RangeChanged extends Error {}

/** A node's (or viem's) refusal of an answer too large: too many logs, too wide a range. */
export function tooLarge(error: unknown): boolean {
  const e = error as { name?: string; message?: string; details?: string } | undefined;
  const text = `${e?.name ?? ''} ${e?.message ?? ''} ${e?.details ?? ''}`.toLowerCase();
  return /too large|too many|exceed|limit|more than \d+ results|response size/.test(text);
}

const toHex = (n: bigint) => `0x${n.toString(16)}`;

/** The ERC-20 Transfer logs of the token in blocks `from`..`to`, addresses lower-cased. */
export async function readTransferLogs(chain: Chain, from: bigint, to: bigint): Promise<TransferLog[]> {
  const raw = (await chain.client.request({
    method: 'eth_getLogs',
    params: [
      { address: chain.settings.tokenAddress, topics: [TRANSFER_TOPIC], fromBlock: toHex(from), toBlock: toHex(to) },
    ] as never,
  })) as unknown as RawLog[];
  return raw.map(decodeTransfer).filter((log) => log !== null);
}

/** An ERC-20 Transfer log, addresses lower-cased; null for any other log (another event, a removed log, an ERC-721 Transfer with its id indexed). */
export function decodeTransfer(entry: RawLog): TransferLog | null {
  if (entry.removed || entry.topics.length !== 3 || entry.topics[0]!.toLowerCase() !== TRANSFER_TOPIC) return null;
  return {
    blockNumber: BigInt(entry.blockNumber),
    blockHash: entry.blockHash.toLowerCase(),
    txHash: entry.transactionHash.toLowerCase(),
    logIndex: Number(entry.logIndex),
    from: `0x${entry.topics[1]!.slice(26)}`.toLowerCase(),
    to: `0x${entry.topics[2]!.slice(26)}`.toLowerCase(),
    value: entry.data === '0x' ? 0n : BigInt(entry.data),
  };
}

/** The logs sent to a deposit address, each with its member. */
export async function matchToMembers(db: Sql, logs: TransferLog[]): Promise<MatchedLog[]> {
  const members = await matchDepositAddresses(db, [...new Set(logs.map((l) => l.to))]);
  return logs.filter((l) => members.has(l.to)).map((l) => ({ ...l, memberId: members.get(l.to)! }));
}

/** The hash of the node's block `number`, lower-cased; null when the node has no such block (it is behind). */
export async function blockHash(chain: Chain, number: bigint): Promise<string | null> {
  const block = (await chain.client.request({
    method: 'eth_getBlockByNumber',
    params: [toHex(number), false] as never,
  })) as unknown as { hash: string } | null;
  return block ? block.hash.toLowerCase() : null;
}

export interface FinalRange {
  logs: TransferLog[];
  matched: MatchedLog[];
  /** The hash of the range's last block, kept with the cursor. */
  toHash: string;
}

/**
 * Logs of a final range whose matched logs sit in canonical blocks: each
 * matched log's block hash is checked against the canonical header, and the
 * range's last block before and after the read; a range whose hashes changed
 * is read again (up to 3 times). `anchor`, the block before `from` as the
 * watcher recorded it, is checked after the read too: null when the node's
 * chain no longer holds it (nothing of the range may then be recorded; the
 * next tick finds where the two agree, watch-guard.ts).
 */
export async function readFinalRange(
  ctx: AppContext,
  chain: Chain,
  from: bigint,
  to: bigint,
  anchor?: { number: bigint; hash: string },
): Promise<FinalRange | null> {
  for (let attempt = 1; ; attempt += 1) {
    const endBefore = await blockHash(chain, to);
    const logs = await readTransferLogs(chain, from, to);
    const matched = await matchToMembers(ctx.db, logs);
    const blocks = [...new Set(matched.map((l) => l.blockNumber))];
    const [endAfter, anchorNow, ...hashes] = await Promise.all([
      blockHash(chain, to),
      anchor ? blockHash(chain, anchor.number) : Promise.resolve(null),
      ...blocks.map((b) => blockHash(chain, b)),
    ]);
    if (anchor && anchorNow !== anchor.hash) return null;
    const canonical = new Map(blocks.map((b, i) => [b, hashes[i]!]));
    if (
      endBefore !== null &&
      endBefore === endAfter &&
      matched.every((l) => canonical.get(l.blockNumber) === l.blockHash)
    )
      return { logs, matched, toHash: endAfter };
    if (attempt >= 3) throw new RangeChanged(`blocks ${from}-${to} kept changing while read`);
    ctx.log.warn(
      { from: String(from), to: String(to) },
      'deposit watcher: block hashes changed during the read; reading the range again',
    );
  }
}

import { fromBaseUnits, type DepositRecovery } from '@portal/contract';
import type { Hex } from 'viem';
import type { Chain } from '../platform/chain';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { sql } from '../platform/db/sql';
import { unprocessable } from '../shared/errors';
import { creditOne, setAside } from './credit-final-range';
import { depositsOfTransaction } from './list';
import { recordDeposits } from './record-deposits';
import { fromChain, requireChain } from './require-chain';
import { blockHash, decodeTransfer, matchToMembers, type MatchedLog, type RawLog } from './transfer-logs';
import { lockFinalNext, watchKeyOf } from './watch-cursor';

/** A receipt as the node's JSON-RPC answers it (decoded with the watcher's own decoder, transfer-logs.ts). */
interface RawReceipt {
  status: Hex;
  blockNumber: Hex;
  blockHash: string;
  logs: RawLog[];
}

export interface RecoverDepositInput {
  /** Lower-case, as the contract's schema gives it. */
  txHash: string;
  /** Set for a member: only transfers to their own deposit address count. */
  memberId?: number;
  /** Set for an admin: the recovery is audited. */
  actor?: Actor;
}

/**
 * A deposit the watcher did not credit (sent before CHAIN_START_BLOCK, in
 * blocks it never read), found by its transaction hash: the receipt's
 * Transfer logs of the token to deposit addresses are recorded and credited
 * once final, under the watcher's own rules (the minimum, one entry per
 * deposit: credit-final-range.ts) and its exactly-once guarantee: the
 * deposit is one row per (chain, tx hash, log index), a `credited` or
 * `below_minimum` row is never reopened (record-deposits.ts), and the
 * transaction holds the watcher's cursor row (`lockFinalNext`) and the
 * deposit rows, so a recovery racing another one, or the watcher recording
 * the same block, waits and then finds the deposit credited.
 *
 * A hash that is no deposit is refused in words (422, on the `txHash` field): not mined, no
 * transfer of the token (another token, a failed transaction), no deposit
 * address (for a member: not theirs, whoever's it is). Not final yet
 * records nothing and says how many blocks to wait, and whether the
 * watcher will credit it by itself (its block at or after the cursor).
 */
export async function recoverDeposit(ctx: AppContext, input: RecoverDepositInput): Promise<DepositRecovery> {
  const { db } = ctx;
  const { txHash, memberId, actor } = input;
  const chain = requireChain(ctx);
  const key = watchKeyOf(chain);
  const { token, finality, receipt } = await readReceipt(chain, txHash);
  if (!receipt)
    throw unprocessable(
      'TRANSACTION_NOT_MINED',
      `Transaction ${txHash} is not mined: the node knows no mined transaction with this hash. If it was sent just now, ask again once it is mined.`,
      'txHash',
    );
  const matched = await depositsIn(ctx, chain, token.symbol, txHash, receipt, memberId);
  const block = BigInt(receipt.blockNumber);
  const logIndexes = matched.map((log) => log.logIndex);

  const done = await db.transaction(async (tx): Promise<Done> => {
    const cursor = await lockFinalNext(tx, key);
    const { rows: recorded } = await tx.query<{ status: string }>(
      sql`SELECT status FROM deposits WHERE chain_id = ${key.chainId} AND tx_hash = ${txHash} AND log_index = ANY(${logIndexes}::int[]) FOR UPDATE`,
    );
    const settled = recorded.filter((row) => SETTLED.includes(row.status));
    if (settled.length === matched.length) return { outcome: outcomeOfSettled(settled) };
    if (block > finality.final) {
      const start = cursor ?? chain.settings.startBlock;
      return {
        outcome: 'not_final',
        blocks: Number(block - finality.final),
        watcherWillCredit: start === undefined || block >= BigInt(start),
      };
    }
    const open = await recordDeposits(tx, key.chainId, matched, token.decimals, ['seen', 'dropped']);
    const credit = await setAside(tx, open);
    for (const row of credit) await creditOne(tx, key.chainId, row);
    if (actor && open.length)
      await writeAudit(tx, {
        actor,
        action: 'deposit.recover',
        targetType: 'deposit',
        targetId: open.map((row) => row.id),
        details: { txHash, credited: credit.map((row) => row.id) },
      });
    if (credit.length)
      return { outcome: 'credited', amount: credit.reduce((sum, row) => sum + BigInt(row.amount), 0n) };
    // Nothing credited: a concurrent credit came first (no cursor row to wait on), or all of it is under the minimum or held.
    const { rows: now } = await tx.query<{ status: string }>(
      sql`SELECT status FROM deposits WHERE chain_id = ${key.chainId} AND tx_hash = ${txHash} AND log_index = ANY(${logIndexes}::int[])`,
    );
    return { outcome: outcomeOfSettled(now) };
  });

  const deposits = await depositsOfTransaction(ctx, key.chainId, txHash, logIndexes);
  const answer = { outcome: done.outcome, blocksToWait: null, watcherWillCredit: null, deposits };
  switch (done.outcome) {
    case 'not_final':
      return {
        ...answer,
        blocksToWait: done.blocks,
        watcherWillCredit: done.watcherWillCredit,
        message: `Not final yet: ${done.blocks} more block${done.blocks === 1 ? '' : 's'}. ${done.watcherWillCredit ? 'The deposit watcher credits it by itself once final.' : 'Ask again once it is final.'}`,
      };
    case 'credited':
      return { ...answer, message: `Credited ${fromBaseUnits(done.amount)} ${token.symbol} to the deposit wallet.` };
    case 'already_credited': {
      const ids = deposits.filter((d) => d.status === 'credited').map((d) => `#${d.id}`);
      return { ...answer, message: `Already credited (deposit ${ids.join(', ')}): nothing was credited again.` };
    }
    case 'below_minimum':
      return { ...answer, message: 'Below the minimum deposit: recorded, not credited.' };
    case 'held':
      return { ...answer, message: 'Held for review: recorded, not credited until an admin decides.' };
    case 'rejected':
      return { ...answer, message: 'Rejected by an admin after review: recorded, not credited.' };
  }
}

/** The statuses a recovery never changes: credited, under the minimum, or held or rejected by the screening (deposits/held.ts). */
const SETTLED = ['credited', 'below_minimum', 'held', 'rejected'];

type Settled = 'already_credited' | 'held' | 'rejected' | 'below_minimum';

/** What a recovery says of deposits it cannot credit: credited before wins, then held, rejected, under the minimum. */
function outcomeOfSettled(rows: Array<{ status: string }>): Settled {
  const has = (status: string) => rows.some((row) => row.status === status);
  if (has('credited')) return 'already_credited';
  if (has('held')) return 'held';
  if (has('rejected')) return 'rejected';
  return 'below_minimum';
}

/** What the recovery's transaction found or did. */
type Done =
  | { outcome: 'credited'; amount: bigint }
  | { outcome: Settled }
  | { outcome: 'not_final'; blocks: number; watcherWillCredit: boolean };

/**
 * The token, the chain's finality and then the receipt (read after the
 * finality, so a receipt in a block at or below `final` is final), checked
 * against the canonical block at its height.
 */
async function readReceipt(chain: Chain, txHash: string) {
  return fromChain(chain, async () => {
    const [token, finality] = await Promise.all([chain.token(), chain.finality()]);
    const receipt = (await chain.client.request({
      method: 'eth_getTransactionReceipt',
      params: [txHash] as never,
    })) as unknown as RawReceipt | null;
    if (receipt && (await blockHash(chain, BigInt(receipt.blockNumber))) !== receipt.blockHash.toLowerCase())
      return { token, finality, receipt: null }; // its block was just reorganised away: not mined on the chain the node holds now
    return { token, finality, receipt };
  });
}

/** The receipt's transfers of the token to deposit addresses (a member's: to theirs), or the refusal saying why there are none. */
async function depositsIn(
  ctx: AppContext,
  chain: Chain,
  symbol: string,
  txHash: string,
  receipt: RawReceipt,
  memberId: number | undefined,
): Promise<MatchedLog[]> {
  const token = chain.settings.tokenAddress.toLowerCase();
  const transfers = receipt.logs.filter((log) => decodeTransfer(log) !== null);
  const ofToken = transfers.filter((log) => log.address.toLowerCase() === token).map((log) => decodeTransfer(log)!);
  if (!ofToken.length) {
    const others = [...new Set(transfers.map((log) => log.address.toLowerCase()))];
    throw unprocessable(
      'NO_TOKEN_TRANSFER',
      receipt.status !== '0x1'
        ? `Transaction ${txHash} failed on chain (reverted): it moved no ${symbol}.`
        : others.length
          ? `Transaction ${txHash} moves another token (${others.join(', ')}), not ${symbol} (${token}): only ${symbol} is credited.`
          : `Transaction ${txHash} holds no ${symbol} transfer.`,
      'txHash',
    );
  }
  const matched = (await matchToMembers(ctx.db, ofToken)).filter(
    (log) => memberId === undefined || log.memberId === memberId,
  );
  if (!matched.length)
    throw unprocessable(
      'NOT_A_DEPOSIT_ADDRESS',
      memberId === undefined
        ? `Transaction ${txHash} sends ${symbol} to no deposit address of the portal.`
        : `Transaction ${txHash} sends no ${symbol} to your deposit address.`,
      'txHash',
    );
  return matched;
}

import { BaseError, keccak256, RpcRequestError, type Address, type Hex, type TransactionReceipt } from 'viem';
import type { AppContext } from '../../context';
import type { Sql } from '../../platform/db/database';
import { sql, type SqlQuery } from '../../platform/db/sql';
import { signNativeTransfer, signTokenTransfer, TOKEN_TRANSFER_GAS, type SignedTx } from '../../platform/chain/tx';
import type { Chain } from '../../platform/chain';
import { payoutLifecycle } from './lifecycle';

/**
 * A payout's transactions: signed at its one nonce, stored, then sent; the
 * first and its fee-bumped replacements are all kept, so whichever is mined
 * is found.
 */

/** Gas a payout (one token transfer) may use. */
export const GAS_PER_PAYOUT = TOKEN_TRANSFER_GAS;

export interface PayoutRow {
  id: number;
  withdrawal_id: number;
  status: string;
  to_address: string;
  amount: string;
  nonce: string | null;
  /** What the job last noted about it (a refused broadcast, a nonce taken in a block not final yet), or the failure. */
  error: string | null;
}

/** The hot wallet's payouts as `PayoutRow`s; the caller adds `AND …` conditions and the order. */
export const selectPayouts = (chainId: number, wallet: Address): SqlQuery =>
  sql`SELECT id, withdrawal_id, status, to_address, amount::text, nonce::text, error FROM payouts WHERE chain_id = ${chainId} AND wallet = ${wallet}`;

/** The payout's transfer (and its fee-bumped replacements), or the zero-value self-transfer that cancels it (migration 0032). */
export type PayoutTxKind = 'transfer' | 'cancel';

export interface PayoutTxRow {
  id: number;
  kind: PayoutTxKind;
  tx_hash: Hex;
  raw: Hex;
  max_fee_per_gas: string;
  created_at: Date;
  broadcast_at: Date | null;
}

/** A replacement pays at least this much more per gas (nodes want ≥ 10 %). */
const BUMP_NUMERATOR = 125n;
const BUMP_DENOMINATOR = 100n;

/** The gas price of a replacement of `latest` at the same nonce: 25 % more, or the node's price if that is higher. */
export async function replacementGasPrice(chain: Chain, latest: PayoutTxRow): Promise<bigint> {
  const current = await chain.client.getGasPrice();
  const bumped = (BigInt(latest.max_fee_per_gas) * BUMP_NUMERATOR) / BUMP_DENOMINATOR + 1n;
  return current > bumped ? current : bumped;
}

/** The receipt of a mined transaction; null while it is not mined. */
export async function receiptOf(chain: Chain, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await chain.client.getTransactionReceipt({ hash });
  } catch (error) {
    if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
    throw error;
  }
}

/**
 * What the node said to a stored transaction sent again:
 * - `sent`: taken into its pool now;
 * - `known`: it has this very transaction already (ours is in the pool: keep following it);
 * - `underpriced`: another transaction at the nonce pays more (one of our own fee bumps, or one from outside: the follower tells);
 * - `nonce-used`: the wallet's nonce is past this one: either one of the payout's transactions was mined
 *   (the follower settles it) or another transaction took the nonce (the follower fails the payout once that is final,
 *   docs/decisions/0014-withdrawals-and-payouts.md, "A taken nonce");
 * - `refused`: the node answered the send with any other error: it did not take the transaction
 *   (docs/decisions/0037-payouts-that-never-block.md). A send the node never answered (it went away, timed out)
 *   is not a refusal: the node may hold the transaction, so the caller throws and the next pass sends the same
 *   bytes again.
 */
export type SendOutcome = 'sent' | 'known' | 'underpriced' | 'nonce-used' | 'refused';

export interface SendResult {
  outcome: SendOutcome;
  /** The node's words, for `refused`. */
  refusal?: string;
}

/** Which answer of a node (geth/BSC, anvil, Erigon wordings) a send met; null when the node did not answer. */
function sendRefusalOf(error: unknown): Exclude<SendOutcome, 'sent'> | null {
  const text = String((error as Error)?.message ?? error).toLowerCase();
  if (
    text.includes('already known') ||
    text.includes('already imported') ||
    text.includes('already in the pool') ||
    text.includes('known transaction')
  )
    return 'known';
  if (text.includes('nonce too low') || text.includes('nonce has already been used')) return 'nonce-used';
  if (text.includes('underpriced')) return 'underpriced';
  return nodeAnswered(error) ? 'refused' : null;
}

/** True when the node answered with a JSON-RPC error (viem's RpcRequestError in the chain), not a transport failure. */
function nodeAnswered(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof RpcRequestError) instanceof RpcRequestError;
}

/** The node's message, without viem's added lines (version, docs links). */
function refusalText(error: unknown): string {
  const inner = error instanceof BaseError ? error.walk((e) => e instanceof RpcRequestError) : null;
  const message = (inner as RpcRequestError | null)?.details ?? (error as Error).message ?? String(error);
  return message.split('\n')[0]!.trim();
}

/** Sends a stored transaction as it is (again, when the node may have lost it); answers what the node made of it. */
export async function sendPayoutTransaction(chain: Chain, raw: Hex): Promise<SendResult> {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return { outcome: 'sent' };
  } catch (error) {
    const outcome = sendRefusalOf(error);
    if (outcome === 'refused') return { outcome, refusal: refusalText(error) };
    if (outcome) return { outcome };
    throw error;
  }
}

/** Records that the node took `raw` (or already had it): the transaction broadcast, a `signed` payout `broadcast`, with `note`. */
export async function recordBroadcast(ctx: AppContext, payoutId: number, raw: Hex, note: string | null): Promise<void> {
  await ctx.db.query(
    sql`UPDATE payout_transactions SET broadcast_at = COALESCE(broadcast_at, ${ctx.now()}) WHERE tx_hash = ${keccak256(raw)}`,
  );
  await payoutLifecycle.broadcast(ctx.db, payoutId, note);
}

/** The stored transactions of each payout, oldest first. */
export async function transactionsOf(db: Sql, payoutIds: number[]): Promise<Map<number, PayoutTxRow[]>> {
  const byPayout = new Map<number, PayoutTxRow[]>();
  if (payoutIds.length === 0) return byPayout;
  const { rows } = await db.query<PayoutTxRow & { payout_id: number }>(
    sql`SELECT payout_id, id, kind, tx_hash, raw, max_fee_per_gas, created_at, broadcast_at FROM payout_transactions WHERE payout_id = ANY(${payoutIds}::bigint[]) ORDER BY id`,
  );
  for (const row of rows) {
    const id = Number(row.payout_id);
    byPayout.set(id, [...(byPayout.get(id) ?? []), row]);
  }
  return byPayout;
}

/** Signs the payout's transfer at its nonce and stores it (the payout `signed`) before anything is sent; answers the signed bytes. */
export async function signAndStore(
  ctx: AppContext,
  chain: Chain,
  token: Address,
  payout: PayoutRow,
  decimals: number,
  gasPrice: bigint,
): Promise<Hex> {
  const amount = BigInt(payout.amount) / 10n ** BigInt(18 - decimals);
  const signed = await signTokenTransfer(chain.client, chain.hotWallet!, {
    token,
    to: payout.to_address as Address,
    amount,
    nonce: Number(payout.nonce),
    gasPrice,
  });
  return store(ctx, payout, 'transfer', signed, gasPrice);
}

/**
 * Signs a zero-value transfer from the hot wallet to itself at the payout's nonce and stores it: once mined, it
 * has used the nonce instead of the payout's transfer, which then can never be mined.
 */
export async function signCancelAndStore(
  ctx: AppContext,
  chain: Chain,
  payout: PayoutRow,
  gasPrice: bigint,
): Promise<Hex> {
  const wallet = chain.hotWallet!;
  const signed = await signNativeTransfer(chain.client, wallet, {
    to: wallet.address,
    value: 0n,
    nonce: Number(payout.nonce),
    gasPrice,
  });
  return store(ctx, payout, 'cancel', signed, gasPrice);
}

async function store(
  ctx: AppContext,
  payout: PayoutRow,
  kind: PayoutTxKind,
  signed: SignedTx,
  gasPrice: bigint,
): Promise<Hex> {
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      sql`INSERT INTO payout_transactions (payout_id, kind, tx_hash, raw, max_fee_per_gas, priority_fee, created_at) VALUES (${payout.id}, ${kind}, ${signed.hash}, ${signed.serialized}, ${gasPrice.toString()}, ${gasPrice.toString()}, ${ctx.now()})`,
    );
    await payoutLifecycle.sign(tx, payout.id);
  });
  return signed.serialized;
}

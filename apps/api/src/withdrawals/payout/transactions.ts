import { keccak256, type Address, type Hex, type TransactionReceipt } from 'viem';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { sql, type SqlQuery } from '../../db/sql';
import { signTokenTransfer, TOKEN_TRANSFER_GAS } from '../../chain/tx';
import type { Chain } from '../../chain';

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

export interface PayoutTxRow {
  id: number;
  tx_hash: Hex;
  raw: Hex;
  max_fee_per_gas: string;
  created_at: Date;
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
 *   docs/decisions/0014-withdrawals-and-payouts.md, "A taken nonce").
 */
export type SendOutcome = 'sent' | 'known' | 'underpriced' | 'nonce-used';

/** Which refusal of a node (geth/BSC, anvil, Erigon wordings) a send met; null for any other error. */
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
  return null;
}

/** Sends a stored transaction as it is (again, when the node may have lost it); answers what the node made of it. */
export async function sendPayoutTransaction(chain: Chain, raw: Hex): Promise<SendOutcome> {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return 'sent';
  } catch (error) {
    const refusal = sendRefusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * Sends a stored transaction of the payout and records it as broadcast. A
 * used nonce records it as broadcast too, with a note: only the follower,
 * reading receipts and the wallet's final nonce, can tell whether the payout
 * was mined or its nonce taken.
 */
export async function broadcastPayout(ctx: AppContext, chain: Chain, payoutId: number, raw: Hex): Promise<void> {
  const outcome = await sendPayoutTransaction(chain, raw);
  const note =
    outcome === 'nonce-used'
      ? 'The node answered "nonce too low": this nonce is used; checking whether the payout itself was mined.'
      : null;
  await ctx.db.query(
    sql`UPDATE payout_transactions SET broadcast_at = COALESCE(broadcast_at, ${ctx.now()}) WHERE tx_hash = ${keccak256(raw)}`,
  );
  await ctx.db.query(
    sql`UPDATE payouts SET status = 'broadcast', error = ${note}, updated_at = now() WHERE id = ${payoutId} AND status = 'signed'`,
  );
}

/** The stored transactions of each payout, oldest first. */
export async function transactionsOf(db: Sql, payoutIds: number[]): Promise<Map<number, PayoutTxRow[]>> {
  const byPayout = new Map<number, PayoutTxRow[]>();
  if (payoutIds.length === 0) return byPayout;
  const { rows } = await db.query<PayoutTxRow & { payout_id: number }>(
    sql`SELECT payout_id, id, tx_hash, raw, max_fee_per_gas, created_at FROM payout_transactions WHERE payout_id = ANY(${payoutIds}::bigint[]) ORDER BY id`,
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
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      sql`INSERT INTO payout_transactions (payout_id, tx_hash, raw, max_fee_per_gas, priority_fee, created_at) VALUES (${payout.id}, ${signed.hash}, ${signed.serialized}, ${gasPrice.toString()}, ${gasPrice.toString()}, ${ctx.now()})`,
    );
    await tx.query(
      sql`UPDATE payouts SET status = CASE WHEN status = 'queued' THEN 'signed' ELSE status END, updated_at = now() WHERE id = ${payout.id}`,
    );
  });
  return signed.serialized;
}

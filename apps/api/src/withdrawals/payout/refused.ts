import { sql } from '../../platform/db/sql';
import type { AppContext } from '../../context';
import { payoutLifecycle, queueAgainOrFail } from './lifecycle';
import type { PayoutPass } from './pass';
import {
  recordBroadcast,
  replacementGasPrice,
  sendPayoutTransaction,
  signCancelAndStore,
  transactionsOf,
  type PayoutRow,
} from './transactions';

/**
 * A payout transaction the node refused: it answered the send with an error,
 * so the transaction is not in its pool (docs/decisions/0037-payouts-that-never-block.md).
 * The payout must not hold up the payouts after it, nor ever pay twice:
 *
 * - nothing of it was ever taken by the node and no later nonce is reserved:
 *   its nonce is given back (the payout `refused`, `nonce` NULL) and the
 *   withdrawal is queued again; the next payout takes the nonce, so no gap
 *   is left in the hot wallet's nonces;
 * - otherwise (the node took one of its transactions before, which may still
 *   be mined, or a later payout already holds the next nonce): a zero-value
 *   transfer from the hot wallet to itself at its nonce, at a higher fee,
 *   replaces it. Whichever is mined ends the payout: its transfer (paid), or
 *   the cancel (`cancelled`, `follow-in-flight.ts`), after which the
 *   withdrawal is queued again.
 *
 * A withdrawal whose payout was refused or cancelled MAX_ATTEMPTS times in a
 * row (`payouts.attempt`) fails, with the node's words, for the
 * admin to retry or refund (the hot wallet holds it all: nothing left it;
 * `queueAgainOrFail` in lifecycle.ts).
 */

export async function whenRefused(pass: PayoutPass, payout: PayoutRow, refusal: string): Promise<void> {
  const { ctx, chain, wallet } = pass;
  const txs = (await transactionsOf(ctx.db, [payout.id])).get(payout.id) ?? [];
  const latest = txs[txs.length - 1]!;
  const taken = txs.some((t) => t.broadcast_at !== null);
  const { rows: later } = await ctx.db.query(
    sql`SELECT 1 FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND nonce > ${payout.nonce} LIMIT 1`,
  );
  if (!taken && later.length === 0) {
    await giveBack(ctx, payout, `The node refused the payout transaction: ${refusal}`);
    ctx.log.warn({ payout: payout.id, nonce: payout.nonce, refusal }, 'payout refused by the node: nonce given back');
    return;
  }
  if (latest.kind === 'cancel') {
    // The cancel itself refused: it is sent again every pass, and replaced at a higher fee like any transaction.
    await note(
      ctx,
      payout,
      `The node refused the zero-value transfer that cancels this payout at nonce ${payout.nonce}: ${refusal}. It is sent again; the payouts after it wait until it or the payout is mined.`,
    );
    return;
  }
  const raw = await signCancelAndStore(ctx, chain, payout, await replacementGasPrice(chain, latest));
  const sent = await sendPayoutTransaction(chain, raw);
  if (sent.outcome !== 'refused') await recordBroadcast(ctx, payout.id, raw, null);
  ctx.log.warn({ payout: payout.id, nonce: payout.nonce, refusal }, 'payout refused by the node: cancelling its nonce');
  await note(
    ctx,
    payout,
    sent.outcome === 'refused'
      ? `The node refused the payout transaction (${refusal}) and the zero-value transfer that cancels it at nonce ${payout.nonce} (${sent.refusal}). Both are sent again; the payouts after it wait until one is mined.`
      : `The node refused the payout transaction (${refusal}). A zero-value transfer from the hot wallet to itself at nonce ${payout.nonce} cancels it so the payouts after it go on; once that is final the withdrawal is paid by a new payout.`,
  );
}

async function note(ctx: AppContext, payout: PayoutRow, text: string): Promise<void> {
  await ctx.db.query(sql`UPDATE payouts SET error = ${text}, updated_at = now() WHERE id = ${payout.id}`);
}

/** The payout ends `refused`, its nonce free for the next one; the withdrawal is queued again (or fails). */
async function giveBack(ctx: AppContext, payout: PayoutRow, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if ((await payoutLifecycle.refuse(tx, payout.id, reason)) > 0) await queueAgainOrFail(tx, payout.id, reason);
  });
}

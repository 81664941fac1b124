import type { TransactionReceipt } from 'viem';
import type { Finality } from '../../platform/chain';
import { sql } from '../../platform/db/sql';
import type { PayoutPass } from './pass';
import { broadcastPayout } from './broadcast';
import { payoutLifecycle } from './lifecycle';
import { whenRefused } from './refused';
import { cancelledPayout, failPayout, settlePayout } from './settle';
import {
  receiptOf,
  replacementGasPrice,
  sendPayoutTransaction,
  selectPayouts,
  signAndStore,
  signCancelAndStore,
  transactionsOf,
  type PayoutRow,
  type PayoutTxRow,
} from './transactions';
/** Receipts asked for in one JSON-RPC batch. */
const RECEIPTS_PER_BATCH = 200;

/**
 * The payouts in flight, one step each: signed (broadcast again), broadcast
 * (a receipt, or a fee bump at the same nonce after
 * PAYOUT_BUMP_AFTER_SECONDS), mined (final? then paid). A broadcast payout
 * none of whose transactions has a receipt while the hot wallet's nonce in
 * the final block is past its own had its nonce taken by another
 * transaction: it fails, since none of its transactions can be mined any
 * more (docs/decisions/0014-withdrawals-and-payouts.md, "A taken nonce").
 * Answers how many moved a step.
 */
export async function followInFlight(pass: PayoutPass): Promise<number> {
  const { ctx, chain, wallet, token } = pass;
  const { db } = ctx;
  const bumpAfterMs = ctx.config.payoutBumpAfterSeconds * 1000;
  let progressed = 0;
  const inFlight = await db.query<PayoutRow>(
    sql`${selectPayouts(chain.chainId, wallet)} AND status IN ('signed', 'broadcast', 'mined') ORDER BY nonce`,
  );
  const sent = inFlight.rows.filter((p) => p.status !== 'signed');
  const finality = sent.length > 0 ? await chain.finality() : null;
  // Read after the final block and before the receipts: a nonce used at or below the final block was used
  // before any receipt below is asked for, so one of ours being the user shows as its receipt.
  const used = finality ? await walletNonces(pass, finality) : null;
  const allTxs = await transactionsOf(
    db,
    inFlight.rows.map((p) => p.id),
  );
  const receipts = await receiptsOf(
    pass,
    sent.flatMap((p) => allTxs.get(p.id) ?? []),
  );
  for (const payout of inFlight.rows) {
    // Another process took the wallet's lease over: it follows the rest.
    if (!pass.leaseHeld()) break;
    const txs = allTxs.get(payout.id)!;
    const latest = txs[txs.length - 1]!;
    if (payout.status === 'signed') {
      await broadcastPayout(pass, payout, latest.raw);
      progressed += 1;
      await pass.hooks.after?.('broadcast', payout.id);
      continue;
    }
    // Whichever of its transactions was mined (at most one can be: they share the nonce).
    let mined: TransactionReceipt | null = null;
    let minedKind: PayoutTxRow['kind'] = 'transfer';
    for (const t of [...txs].reverse()) {
      mined = receipts.get(t.tx_hash) ?? null;
      minedKind = t.kind;
      if (mined) break;
    }
    if (!mined) {
      if (payout.status === 'mined') {
        // Its block was reorganised away: back to waiting for a receipt.
        await payoutLifecycle.reorg(db, payout.id);
        continue;
      }
      const nonce = BigInt(payout.nonce!);
      if (used && nonce < used.final) {
        await failPayout(
          ctx,
          payout,
          `Nonce ${nonce} was used by another transaction from the hot wallet (final by block ${finality!.final}); none of this payout's transactions was mined and none can be now, so nothing left the hot wallet for it. Retry (it takes a new nonce) or refund.`,
        );
        progressed += 1;
        continue;
      }
      if (used && nonce < used.latest) {
        // Taken in a block that is not final: a reorganisation could still drop that transaction and let ours in, so
        // the payout waits as deposits and payouts wait for finality (platform/chain/finality.ts). No bump: the node refuses the nonce.
        const note = `Nonce ${nonce} was used by another transaction from the hot wallet in a block not final yet; the payout fails once that block is final (unless one of its own transactions is mined instead).`;
        if (payout.error !== note)
          await db.query(sql`UPDATE payouts SET error = ${note}, updated_at = now() WHERE id = ${payout.id}`);
        continue;
      }
      // A note on a payout being cancelled stays until it ends (refused.ts); any other was about a moment now past.
      if (payout.error !== null && latest.kind !== 'cancel')
        await db.query(sql`UPDATE payouts SET error = NULL, updated_at = now() WHERE id = ${payout.id}`);
      if (ctx.now().getTime() - new Date(latest.created_at).getTime() >= bumpAfterMs) {
        // Replaced at the same nonce with a higher fee: the transfer by a transfer, a cancel by a cancel.
        const gasPrice = await replacementGasPrice(chain, latest);
        const raw =
          latest.kind === 'cancel'
            ? await signCancelAndStore(ctx, chain, payout, gasPrice)
            : await signAndStore(ctx, chain, token.address, payout, token.decimals, gasPrice);
        await broadcastPayout(pass, payout, raw);
        progressed += 1;
      } else {
        const sent = await sendPayoutTransaction(chain, latest.raw);
        if (sent.outcome === 'refused') await whenRefused(pass, payout, sent.refusal!);
      }
      continue;
    }
    if (mined.status !== 'success') {
      await failPayout(
        ctx,
        payout,
        `The payout transaction ${mined.transactionHash} was reverted on chain (block ${mined.blockNumber}); no tokens left the hot wallet. Check its token balance, then retry or refund.`,
        mined.transactionHash,
        mined.blockNumber,
      );
      progressed += 1;
      continue;
    }
    if (payout.status === 'broadcast') {
      await payoutLifecycle.mine(db, payout.id, {
        txHash: mined.transactionHash,
        block: mined.blockNumber,
        keepNote: minedKind === 'cancel',
      });
      progressed += 1;
    }
    if (finality && mined.blockNumber <= finality.final) {
      const { transactionHash, blockNumber } = mined;
      await db.transaction((tx) =>
        minedKind === 'cancel'
          ? cancelledPayout(ctx, tx, payout, transactionHash, blockNumber)
          : settlePayout(ctx, tx, payout, transactionHash, blockNumber),
      );
      progressed += 1;
    }
  }
  return progressed;
}

/**
 * The hot wallet's transaction count (the next nonce) in the final block and at the head. A node that no longer
 * keeps the final block's state (a pruned one) answers no final count: nothing is failed for a taken nonce then.
 */
async function walletNonces(pass: PayoutPass, finality: Finality): Promise<{ final: bigint; latest: bigint }> {
  const { client } = pass.chain;
  const [final, latest] = await Promise.all([
    finality.final < 0n
      ? 0
      : client.getTransactionCount({ address: pass.wallet, blockNumber: finality.final }).catch((error: unknown) => {
          pass.ctx.log.warn(
            { err: error instanceof Error ? error.message : String(error), block: finality.final.toString() },
            'hot wallet nonce at the final block unavailable',
          );
          return 0;
        }),
    client.getTransactionCount({ address: pass.wallet, blockTag: 'latest' }),
  ]);
  return { final: BigInt(final), latest: BigInt(latest) };
}

/** The receipts of `txs`, read at once (one JSON-RPC batch per RECEIPTS_PER_BATCH); null for those not mined. */
async function receiptsOf(pass: PayoutPass, txs: PayoutTxRow[]): Promise<Map<string, TransactionReceipt | null>> {
  const receipts = new Map<string, TransactionReceipt | null>();
  const hashes = txs.map((t) => t.tx_hash);
  for (let i = 0; i < hashes.length; i += RECEIPTS_PER_BATCH) {
    const chunk = hashes.slice(i, i + RECEIPTS_PER_BATCH);
    const found = await Promise.all(chunk.map((hash) => receiptOf(pass.chain, hash)));
    chunk.forEach((hash, j) => receipts.set(hash, found[j]!));
  }
  return receipts;
}

import { erc20Abi, type Address } from 'viem';
import { fromBaseUnits } from '@portal/contract';
import type { Database } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import type { Chain } from '../../platform/chain';
import { heldByDailyCap } from './daily-cap';
import type { PayoutPass } from './pass';
import { failPayout } from './settle';
import { broadcastPayout } from './broadcast';
import { GAS_PER_PAYOUT, selectPayouts, signAndStore, type PayoutRow } from './transactions';

/** Queued payouts started in one pass. */
const BATCH = 500;

/**
 * The queued payouts, in order: a nonce reserved (or resumed), the transfer
 * signed and stored, then broadcast, each step committed before the next. A
 * payout the hot wallet cannot cover (tokens, or BNB for gas) fails before
 * its nonce is reserved. Answers how many moved a step.
 */
export async function startQueued(pass: PayoutPass): Promise<number> {
  const { ctx, chain, wallet, token, hooks } = pass;
  const { db } = ctx;
  let progressed = 0;
  const queued = await db.query<PayoutRow>(
    sql`${selectPayouts(chain.chainId, wallet)} AND status = 'queued' ORDER BY nonce NULLS LAST, id LIMIT ${BATCH}`,
  );
  if (queued.rows.length === 0) return 0;
  // The daily payout cap keeps some in the queue, each with the reason shown on its withdrawal (daily-cap.ts).
  const held = await heldByDailyCap(db, { chainId: chain.chainId, address: wallet }, ctx.now(), queued.rows);
  for (const [id, reason] of held) {
    await db.query(sql`UPDATE payouts SET waiting = ${reason} WHERE id = ${id} AND waiting IS DISTINCT FROM ${reason}`);
  }
  const toStart = queued.rows.filter((payout) => !held.has(payout.id));
  if (toStart.length === 0) return 0;
  // Balances and the wallet's mined transaction count read at one block: a payout whose nonce is below that
  // count is already out of the balance, however far its status lags (follow-in-flight.ts runs before this).
  const block = await chain.client.getBlockNumber({ cacheTime: 0 });
  const [tokenBalance, gasBalance, gasPrice, minedCount] = await Promise.all([
    chain.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
      blockNumber: block,
    }),
    chain.client.getBalance({ address: wallet, blockNumber: block }),
    chain.client.getGasPrice(),
    chain.client.getTransactionCount({ address: wallet, blockNumber: block }),
  ]);
  const owedRows = await db.query<{ owed: string; n: number }>(
    sql`SELECT COALESCE(sum(amount), 0)::text AS owed, count(*)::int AS n FROM payouts
      WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND nonce >= ${minedCount}
        AND (status IN ('signed', 'broadcast') OR (status = 'queued' AND nonce IS NOT NULL))`,
  );
  const scale = 10n ** BigInt(18 - token.decimals);
  // What is left once every transaction signed and not mined by that block is paid.
  let tokensLeft = tokenBalance * scale - BigInt(owedRows.rows[0]!.owed);
  let gasLeft = gasBalance - GAS_PER_PAYOUT * gasPrice * BigInt(owedRows.rows[0]!.n);
  const gasCost = GAS_PER_PAYOUT * gasPrice;
  let onChainNonce: number | undefined;
  for (const payout of toStart) {
    // Another process took the wallet's lease over: what this pass has not started is its to start.
    if (!pass.leaseHeld()) break;
    if (payout.nonce === null) {
      const amount = BigInt(payout.amount);
      if (tokensLeft < amount) {
        await failPayout(
          ctx,
          payout,
          `The hot wallet does not hold enough ${token.symbol}: ${fromBaseUnits(tokensLeft < 0n ? 0n : tokensLeft)} available for a payout of ${fromBaseUnits(amount)}. Fund the hot wallet, then retry.`,
        );
        progressed += 1;
        continue;
      }
      if (gasLeft < gasCost) {
        await failPayout(
          ctx,
          payout,
          `The hot wallet does not hold enough BNB for gas (about ${fromBaseUnits(gasCost)} BNB per payout). Fund it with BNB, then retry.`,
        );
        progressed += 1;
        continue;
      }
      onChainNonce ??= await chain.client.getTransactionCount({ address: wallet, blockTag: 'pending' });
      payout.nonce = await reserveNonce(db, chain, wallet, payout.id, onChainNonce, ctx.now());
      await hooks.after?.('reserved', payout.id);
      tokensLeft -= amount;
      gasLeft -= gasCost;
      // Reserved, not signed: the process that took the lease over signs it (a reserved nonce is resumed).
      if (!pass.leaseHeld()) break;
    }
    // A nonce reserved earlier but never signed (a crash in between) is signed now.
    const raw = await signAndStore(ctx, chain, token.address, payout, token.decimals, gasPrice);
    progressed += 1;
    await hooks.after?.('signed', payout.id);
    await broadcastPayout(pass, payout, raw);
    await hooks.after?.('broadcast', payout.id);
  }
  return progressed;
}

/**
 * The next nonce of the hot wallet, reserved in its own committed transaction
 * (UNIQUE (chain, wallet, nonce)); the payout then counts towards the day's cap.
 */
async function reserveNonce(
  db: Database,
  chain: Chain,
  wallet: Address,
  payoutId: number,
  onChain: number,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ next: string | null }>(
      sql`SELECT (max(nonce) + 1)::text AS next FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${wallet}`,
    );
    const fromDb = BigInt(rows[0]!.next ?? '0');
    const nonce = (fromDb > BigInt(onChain) ? fromDb : BigInt(onChain)).toString();
    await tx.query(
      sql`UPDATE payouts SET nonce = ${nonce}, started_at = ${now}, waiting = NULL, updated_at = now() WHERE id = ${payoutId} AND nonce IS NULL`,
    );
    return nonce;
  });
}

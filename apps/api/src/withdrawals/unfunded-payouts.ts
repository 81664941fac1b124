import { erc20Abi } from 'viem';
import { fromBaseUnits } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { toLedgerUnits } from '../platform/chain/token';

/**
 * The hot wallet's token balance in ledger units, as the chain says it now, and the token's symbol; null without
 * a hot wallet, or when the chain cannot be read (logged: the approval page's hot wallet card says so).
 */
export async function hotWalletToken(ctx: AppContext): Promise<{ balance: bigint; symbol: string } | null> {
  const chain = ctx.chain;
  if (!chain?.hotWalletAddress) return null;
  try {
    const token = await chain.token();
    const raw = await chain.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.hotWalletAddress],
      blockTag: 'latest',
    });
    return { balance: toLedgerUnits(raw, token.decimals), symbol: token.symbol };
  } catch (error) {
    ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'hot wallet balance unavailable');
    return null;
  }
}

/**
 * The payouts just approved that the hot wallet cannot cover, for the
 * approval's answer (review.ts): the payout job fails a payout the hot
 * wallet's tokens do not cover before it takes a nonce
 * (payout/start-queued.ts), so an approval says so at once rather than "on
 * its way". Counted as the job counts: what is signed and not mined first,
 * then the queue in its order (nonce, then id), leaving out those the daily
 * payout cap holds back (`held`, already said as waiting). A chain that
 * cannot be read says nothing here; the approval page's hot wallet card
 * says the node is unreachable.
 */
export async function unfundedPayouts(
  ctx: AppContext,
  withdrawalIds: number[],
  held: number[],
): Promise<Array<{ id: number; message: string }>> {
  const chain = ctx.chain;
  if (!chain?.hotWalletAddress || withdrawalIds.length === 0) return [];
  const wallet = chain.hotWalletAddress;
  const read = await hotWalletToken(ctx);
  if (!read) return [];
  const { balance, symbol } = read;
  const { rows } = await ctx.db.query<{ withdrawal_id: number; amount: string }>(
    sql`SELECT withdrawal_id, amount FROM payouts
         WHERE chain_id = ${chain.chainId} AND wallet = ${wallet}
           AND (status IN ('signed', 'broadcast') OR (status = 'queued' AND waiting IS NULL))
         ORDER BY status = 'queued', nonce NULLS LAST, id`,
  );
  let left = balance;
  const unfunded: Array<{ id: number; message: string }> = [];
  for (const row of rows) {
    const id = Number(row.withdrawal_id);
    if (held.includes(id)) continue;
    const amount = BigInt(row.amount);
    if (amount <= left) {
      left -= amount;
      continue;
    }
    if (!withdrawalIds.includes(id)) continue;
    unfunded.push({
      id,
      message: `Withdrawal #${id} is approved, but the hot wallet has ${fromBaseUnits(left)} ${symbol} left for it after the payouts ahead of it, less than its ${fromBaseUnits(amount)}: its payout fails until the hot wallet is funded (BEP20 Wallets), then Retry it.`,
    });
  }
  return unfunded;
}

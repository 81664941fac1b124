import { formatUnits } from 'viem';
import { erc20Abi } from 'viem';
import { fromBaseUnits, type HotWallet } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { sql } from '../../db/sql';
import { conflict } from '../../shared/errors';
import { GAS_PER_PAYOUT } from './transactions';
import { payoutChainOf } from './chain';

const notConfigured = () =>
  conflict('PAYOUTS_NOT_CONFIGURED', 'Payouts are not configured: the portal has no hot wallet (HOT_WALLET_KEY). Set it up before approving withdrawals.');

/** The payouts side of approval: queueing, retry, the refund guard, the hot wallet's balances. */
export function createPayoutService(ctx: AppContext) {
  return {
    /** One queued payout per approved withdrawal, in the approval's transaction. */
    async queue(tx: Sql, withdrawalIds: number[]): Promise<void> {
      const chain = payoutChainOf(ctx);
      if (!chain?.hotWallet) throw notConfigured();
      await tx.query(
        sql`INSERT INTO payouts (withdrawal_id, status, chain_id, wallet, to_address, amount)
            SELECT id, 'queued', ${chain.chainId}, ${chain.hotWallet.address}, address, amount - fee
              FROM withdrawals WHERE id = ANY(${withdrawalIds}::bigint[]) ORDER BY id`,
      );
    },

    /** A failed payout tried again: a new payout, the withdrawal approved again. */
    async retry(tx: Sql, withdrawalId: number): Promise<void> {
      await this.queue(tx, [withdrawalId]);
      await tx.query(sql`UPDATE withdrawals SET status = 'approved', reason = NULL WHERE id = ${withdrawalId}`);
    },

    /**
     * Why a failed withdrawal may not be refunded, or null. A payout fails
     * only before its nonce is reserved, when its transaction reverted on
     * chain, or when another transaction took its nonce in a final block
     * (follow-in-flight.ts), so no signed transaction of it can still land;
     * this checks that no other payout of it is live.
     */
    async refundRefusal(tx: Sql, withdrawalId: number): Promise<string | null> {
      const { rows } = await tx.query<{ status: string }>(sql`SELECT status FROM payouts WHERE withdrawal_id = ${withdrawalId} AND status <> 'failed'`);
      return rows[0] ? `A payout of this withdrawal is still ${rows[0].status}; it cannot be refunded.` : null;
    },

    async hotWallet(): Promise<HotWallet> {
      const { rows } = await ctx.db.query<{ owed: string; pending: string }>(
        sql`SELECT COALESCE((SELECT sum(amount) FROM payouts WHERE status IN ('queued', 'signed', 'broadcast')), 0)::text AS owed,
                COALESCE((SELECT sum(amount - fee) FROM withdrawals WHERE status = 'pending'), 0)::text AS pending`,
      );
      const owed = BigInt(rows[0]!.owed);
      const pendingNet = BigInt(rows[0]!.pending);
      const chain = payoutChainOf(ctx);
      if (!chain?.hotWallet) {
        return { configured: false, address: null, token: '0', gas: '0', owed: fromBaseUnits(owed), pendingNet: fromBaseUnits(pendingNet), warning: 'No hot wallet is configured (HOT_WALLET_KEY): approved withdrawals cannot be paid.' };
      }
      const address = chain.hotWallet.address;
      let token, tokenBalance, gas, gasPrice;
      try {
        token = await chain.token();
        [tokenBalance, gas, gasPrice] = await Promise.all([
          chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
          chain.client.getBalance({ address }),
          chain.client.getGasPrice(),
        ]);
      } catch (error) {
        ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'hot wallet balances unavailable');
        return { configured: true, address, token: '0', gas: '0', owed: fromBaseUnits(owed), pendingNet: fromBaseUnits(pendingNet), warning: 'The chain node could not be reached: the hot wallet’s balances are unknown right now. Payouts wait until it answers.' };
      }
      const tokenLedger = tokenBalance * 10n ** BigInt(18 - token.decimals);
      const warnings: string[] = [];
      if (tokenLedger < owed + pendingNet) {
        warnings.push(`The hot wallet holds ${fromBaseUnits(tokenLedger)} ${token.symbol}; approved and pending withdrawals need ${fromBaseUnits(owed + pendingNet)}. Payouts beyond what it holds will fail until it is funded.`);
      }
      const { rows: queued } = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM payouts WHERE status IN ('queued', 'signed', 'broadcast')`);
      const { rows: waiting } = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`);
      const gasNeeded = GAS_PER_PAYOUT * gasPrice * BigInt(queued[0]!.n + waiting[0]!.n);
      // A payout the follower noted (its nonce used by another transaction, not final yet) still holds its amount: say why.
      const { rows: held } = await ctx.db.query<{ n: number; error: string }>(
        sql`SELECT count(*) OVER ()::int AS n, error FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${address} AND status = 'broadcast' AND error IS NOT NULL ORDER BY id LIMIT 1`,
      );
      if (held[0]) warnings.push(`${held[0].n === 1 ? 'A payout is' : `${held[0].n} payouts are`} held up: ${held[0].error}`);
      if (gas < gasNeeded) warnings.push(`The hot wallet holds ${formatUnits(gas, 18)} BNB for gas; paying everything approved and pending needs about ${formatUnits(gasNeeded, 18)} BNB.`);
      return {
        configured: true,
        address,
        token: fromBaseUnits(tokenLedger),
        gas: formatUnits(gas, 18),
        owed: fromBaseUnits(owed),
        pendingNet: fromBaseUnits(pendingNet),
        warning: warnings.length ? warnings.join(' ') : null,
      };
    },
  };
}

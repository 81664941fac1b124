import { formatUnits } from 'viem';
import { erc20Abi } from 'viem';
import { fromBaseUnits, toBaseUnits, type HotWallet, type Settings } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { GAS_PER_PAYOUT } from './transactions';

/**
 * What the hot wallet is to pay (ledger units): the approved payouts not
 * mined yet (`owed`) and the pending withdrawals' net amounts. The
 * consolidation fills the hot wallet to these plus its target
 * (deposits/sweep-deposit-addresses.ts).
 */
export async function hotWalletNeeds(db: Sql): Promise<{ owed: bigint; pendingNet: bigint }> {
  const { rows } = await db.query<{ owed: string; pending: string }>(
    sql`SELECT COALESCE((SELECT sum(amount) FROM payouts WHERE status IN ('queued', 'signed', 'broadcast')), 0)::text AS owed,
            COALESCE((SELECT sum(amount - fee) FROM withdrawals WHERE status = 'pending'), 0)::text AS pending`,
  );
  return { owed: BigInt(rows[0]!.owed), pendingNet: BigInt(rows[0]!.pending) };
}

/** The hot wallet's token and gas balances against what approved and pending withdrawals need, with warnings in words. */
export async function hotWalletBalances(ctx: AppContext): Promise<HotWallet> {
  const { owed, pendingNet } = await hotWalletNeeds(ctx.db);
  const chain = ctx.chain;
  if (!chain?.hotWalletAddress) {
    return {
      configured: false,
      address: null,
      token: '0',
      gas: '0',
      owed: fromBaseUnits(owed),
      pendingNet: fromBaseUnits(pendingNet),
      warning: 'No hot wallet is configured (HOT_WALLET_KEY): approved withdrawals cannot be paid.',
    };
  }
  const address = chain.hotWalletAddress;
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
    return {
      configured: true,
      address,
      token: '0',
      gas: '0',
      owed: fromBaseUnits(owed),
      pendingNet: fromBaseUnits(pendingNet),
      warning:
        'The chain node could not be reached: the hot wallet’s balances are unknown right now. Payouts wait until it answers.',
    };
  }
  const tokenLedger = tokenBalance * 10n ** BigInt(18 - token.decimals);
  const warnings: string[] = [];
  if (tokenLedger < owed + pendingNet) {
    warnings.push(
      `The hot wallet holds ${fromBaseUnits(tokenLedger)} ${token.symbol}; approved and pending withdrawals need ${fromBaseUnits(owed + pendingNet)}. Payouts beyond what it holds will fail until it is funded.`,
    );
  }
  const { rows: queued } = await ctx.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM payouts WHERE status IN ('queued', 'signed', 'broadcast')`,
  );
  const { rows: waiting } = await ctx.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`,
  );
  const gasNeeded = GAS_PER_PAYOUT * gasPrice * BigInt(queued[0]!.n + waiting[0]!.n);
  // A payout the follower noted (its nonce used by another transaction, not final yet) still holds its amount: say why.
  const { rows: held } = await ctx.db.query<{ n: number; error: string }>(
    sql`SELECT count(*) OVER ()::int AS n, error FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${address} AND status = 'broadcast' AND error IS NOT NULL ORDER BY id LIMIT 1`,
  );
  if (held[0])
    warnings.push(`${held[0].n === 1 ? 'A payout is' : `${held[0].n} payouts are`} held up: ${held[0].error}`);
  if (gas < gasNeeded)
    warnings.push(
      `The hot wallet holds ${formatUnits(gas, 18)} BNB for gas; paying everything approved and pending needs about ${formatUnits(gasNeeded, 18)} BNB.`,
    );
  return {
    configured: true,
    address,
    token: fromBaseUnits(tokenLedger),
    gas: formatUnits(gas, 18),
    owed: fromBaseUnits(owed),
    pendingNet: fromBaseUnits(pendingNet),
    warning: warnings.length ? warnings.join(' ') : null,
  };
}

/**
 * The `hotWalletCap` setting as the ceiling in force: 0 is no cap; a cap
 * below the target counts as the target, so that a consolidation never fills
 * the wallet above what is then sent back.
 */
export function hotWalletCeiling(settings: Settings): bigint | null {
  const cap = toBaseUnits(settings.hotWalletCap);
  if (cap === 0n) return null;
  const target = toBaseUnits(settings.hotWalletTarget);
  return cap > target ? cap : target;
}

/** What the hot wallet holds above what withdrawals need plus its ceiling (0 without a cap): what goes back to the treasury. */
export function aboveCap(settings: Settings, hotBalance: bigint, needed: bigint): bigint {
  const ceiling = hotWalletCeiling(settings);
  if (ceiling === null) return 0n;
  const excess = hotBalance - needed - ceiling;
  return excess > 0n ? excess : 0n;
}

import { fromBaseUnits, toBaseUnits, type HotWalletFunding, type Settings } from '@portal/contract';
import type { Chain } from '../platform/chain';
import { toTokenUnits, type TokenInfo } from '../platform/chain/token';
import type { AppContext } from '../context';
import { systemBalance } from '../ledger/queries';
import { sql } from '../platform/db/sql';
import { readSettings } from '../settings/in-force';
import { aboveCap, hotWalletCeiling, hotWalletNeeds } from '../withdrawals/payout/hot-wallet';

/** Below the `hotWalletLowWater` setting (0 turns the warning off): what the dashboard and /api/health say (health/checks.ts). */
export function belowLowWater(settings: Settings, hotBalance: bigint): boolean {
  const lowWater = toBaseUnits(settings.hotWalletLowWater);
  return lowWater > 0n && hotBalance < lowWater;
}

/**
 * The hot wallet's funding on `/bep20-wallets`: what it holds against what
 * withdrawals need and its target, what the treasury should send it, and,
 * where the portal does not hold the treasury's key, the EIP-681 link an
 * operator's wallet reads to send exactly that. `balances` are the
 * reconciliation's (wallets.ts), read at one block, ledger units.
 */
export async function hotWalletFunding(
  ctx: AppContext,
  chain: Chain,
  token: TokenInfo,
  balances: { hot: bigint; treasury: bigint },
): Promise<HotWalletFunding | null> {
  const hot = chain.hotWalletAddress;
  if (!hot) return null;
  const [settings, needs, capital] = await Promise.all([
    readSettings(ctx.db),
    hotWalletNeeds(ctx.db),
    ctx.db.query<{ booked: string }>(sql`SELECT ${systemBalance('operator_capital')}::text AS booked`),
  ]);
  const needed = needs.owed + needs.pendingNet;
  const target = toBaseUnits(settings.hotWalletTarget);
  const short = needed + target - balances.hot;
  const toMove = short > 0n ? short : 0n;
  return {
    address: hot,
    balance: fromBaseUnits(balances.hot),
    needed: fromBaseUnits(needed),
    target: fromBaseUnits(target),
    lowWater: fromBaseUnits(toBaseUnits(settings.hotWalletLowWater)),
    belowLowWater: belowLowWater(settings, balances.hot),
    cap: fromBaseUnits(hotWalletCeiling(settings) ?? 0n),
    aboveCap: fromBaseUnits(aboveCap(settings, balances.hot, needed)),
    toMove: fromBaseUnits(toMove),
    treasury: {
      address: chain.treasuryAddress,
      balance: fromBaseUnits(balances.treasury),
      keyHeld: chain.treasuryKeyHeld,
    },
    paymentUri:
      !chain.treasuryKeyHeld && toMove > 0n ? paymentUri(chain, token, hot, tokenUnitsUp(toMove, token)) : null,
    // Each booking posts its amount into the capital account (book-capital.ts).
    capitalBooked: fromBaseUnits(BigInt(capital.rows[0]!.booked)),
  };
}

/** `amount` in the token's units, rounded up to its decimals (never short of what is needed). */
function tokenUnitsUp(amount: bigint, token: TokenInfo): bigint {
  const scale = 10n ** BigInt(18 - token.decimals);
  return toTokenUnits(((amount + scale - 1n) / scale) * scale, token.decimals);
}

/** EIP-681: a call of the token's `transfer(hot, units)` on this chain, as wallets scan it from a QR code. */
const paymentUri = (chain: Chain, token: TokenInfo, to: string, units: bigint) =>
  `ethereum:${token.address}@${chain.chainId}/transfer?address=${to}&uint256=${units}`;

import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { OwnAddress } from './address-rules';

/** What the withdrawal rules need to know about the chain: the token's decimals and the platform's own addresses. */
export interface PlatformAddresses {
  token: string | null;
  tokenDecimals: number;
  others: OwnAddress[];
  /** Whether `address` is one of the members' deposit addresses. */
  isDepositAddress(db: Sql, address: string): Promise<boolean>;
}

/** Deposit addresses are stored in lower case (migration 0013), so the unique index answers. */
async function isDepositAddress(db: Sql, address: string): Promise<boolean> {
  const found = await db.query<{ one: number }>(
    sql`SELECT 1 AS one FROM deposit_addresses WHERE address = ${address.toLowerCase()}`,
  );
  return found.rows.length > 0;
}

export async function platformAddresses(ctx: AppContext): Promise<PlatformAddresses> {
  const chain = ctx.chain;
  if (!chain) return { token: null, tokenDecimals: 18, others: [], isDepositAddress };
  const others: OwnAddress[] = [{ address: chain.treasuryAddress, what: 'the treasury address' }];
  if (chain.hotWalletAddress)
    others.push({ address: chain.hotWalletAddress, what: 'the hot wallet (it pays withdrawals)' });
  if (chain.gasWalletAddress) others.push({ address: chain.gasWalletAddress, what: 'the gas wallet' });
  let decimals = 18;
  try {
    decimals = (await chain.token()).decimals;
  } catch (error) {
    ctx.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'token decimals unavailable; assuming 18',
    );
  }
  return { token: chain.settings.tokenAddress, tokenDecimals: decimals, others, isDepositAddress };
}

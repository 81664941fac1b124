import type { Address } from 'viem';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { leaseEnd } from '../../shared/lease';

/** One lease row per (chain, hot wallet), of the kind of shared/lease.ts: only one process pays from a wallet at a time. */

/** Takes (or renews) the wallet's lease for `holder`; false while another process holds it. */
export async function takePayoutLease(db: Sql, chainId: number, wallet: Address, holder: string): Promise<boolean> {
  const { rows } = await db.query(
    sql`INSERT INTO payout_leases (chain_id, wallet, holder, lease_until) VALUES (${chainId}, ${wallet}, ${holder}, ${leaseEnd})
     ON CONFLICT (chain_id, wallet) DO UPDATE SET holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until
      WHERE payout_leases.holder = EXCLUDED.holder OR payout_leases.lease_until < clock_timestamp()
     RETURNING 1`,
  );
  return rows.length > 0;
}

export async function releasePayoutLease(db: Sql, chainId: number, wallet: Address, holder: string): Promise<void> {
  await db.query(
    sql`UPDATE payout_leases SET lease_until = clock_timestamp() WHERE chain_id = ${chainId} AND wallet = ${wallet} AND holder = ${holder}`,
  );
}

import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import { toLedgerUnits } from '../chain/token';
import type { MatchedLog } from './transfer-logs';

export interface OpenDeposit {
  id: string;
  member_id: string;
  amount: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
}

/**
 * Inserts the logs as `seen` deposits, once per (chain, tx hash, log index);
 * an existing row whose status is one of `reopen` takes the log's block (a
 * reorganisation moved it). Returns the rows inserted or reopened.
 */
export async function recordDeposits(
  db: Sql,
  chainId: number,
  logs: MatchedLog[],
  decimals: number,
  reopen: string[],
): Promise<OpenDeposit[]> {
  const { rows } = await db.query<OpenDeposit>(
    sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status)
     SELECT ${chainId}, u.tx_hash, u.log_index, u.block_number, u.block_hash, u.member_id, u.address, u.from_address, u.amount, 'seen'
       FROM unnest(${logs.map((l) => l.txHash)}::text[], ${logs.map((l) => l.logIndex)}::int[], ${logs.map((l) => l.blockNumber.toString())}::bigint[], ${logs.map((l) => l.blockHash)}::text[], ${logs.map((l) => l.memberId)}::bigint[], ${logs.map((l) => l.to)}::text[], ${logs.map((l) => l.from)}::text[], ${logs.map((l) => toLedgerUnits(l.value, decimals).toString())}::numeric[])
            AS u(tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount)
     ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE
        SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, status = 'seen'
      WHERE deposits.status = ANY(${reopen}::text[])
     RETURNING id::text, member_id::text, amount::text, tx_hash, log_index, from_address`,
  );
  return rows;
}

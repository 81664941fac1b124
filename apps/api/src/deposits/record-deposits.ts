import type { Sql } from '../platform/db/database';
import { toLedgerUnits } from '../platform/chain/token';
import { depositLifecycle, type OpenDeposit } from './lifecycle';
import type { MatchedLog } from './transfer-logs';

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
  reopen: readonly ('seen' | 'dropped')[],
): Promise<OpenDeposit[]> {
  return depositLifecycle.record(
    db,
    chainId,
    logs.map((l) => ({
      txHash: l.txHash,
      logIndex: l.logIndex,
      blockNumber: l.blockNumber,
      blockHash: l.blockHash,
      memberId: l.memberId,
      address: l.to,
      from: l.from,
      amount: toLedgerUnits(l.value, decimals),
    })),
    reopen,
  );
}

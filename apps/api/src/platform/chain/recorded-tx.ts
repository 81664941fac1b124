import type { Address, Hex } from 'viem';
import type { Chain } from './';
import { broadcast, transactionState } from './tx';

/**
 * The portal's own transactions that are recorded before they are sent (a
 * consolidation's top-ups and sweeps, deposits/sweep-deposit-addresses.ts;
 * a move from the treasury, deposits/move-from-treasury.ts): what both
 * do with a record once it is written, so that a rerun after a crash sends
 * the same bytes and never signs anew.
 */
export type RecordedStatus = 'signed' | 'sent' | 'confirmed' | 'failed';

export interface RecordedTx {
  id: number;
  tx_hash: string;
  raw_tx: string;
  status: RecordedStatus;
}

/**
 * Sends what is recorded and not yet mined, then waits for every one of
 * `txs` to be mined; `mark` stores each new status (and `txs` carry it).
 */
export async function settleRecorded(
  chain: Chain,
  txs: RecordedTx[],
  mark: (id: number, status: RecordedStatus) => Promise<unknown>,
): Promise<void> {
  for (const tx of txs) {
    if (tx.status === 'confirmed' || tx.status === 'failed') continue;
    const state = await transactionState(chain.client, tx.tx_hash as Hex);
    if (state.state === 'unknown') await broadcast(chain.client, tx.raw_tx as Hex);
    if (tx.status === 'signed') await mark(tx.id, 'sent');
    tx.status = 'sent';
  }
  for (const tx of txs) {
    if (tx.status !== 'sent') continue;
    const receipt = await chain.client.waitForTransactionReceipt({
      hash: tx.tx_hash as Hex,
      pollingInterval: 250,
      timeout: 120_000,
    });
    tx.status = receipt.status === 'success' ? 'confirmed' : 'failed';
    await mark(tx.id, tx.status);
  }
}

/**
 * The next nonce of `address`: the larger of the node's pending count and
 * one past `recorded`, the highest nonce the portal recorded for it (any
 * status; none: null). The pending count knows what is mined or in the node's pool; the
 * record knows what was committed to and not broadcast yet, or dropped by
 * the pool (docs/decisions/0028-one-consolidation-at-a-time.md, "Nonces").
 * The caller reads `recorded` under a lock that keeps other signers of the
 * address out until its record is written.
 */
export async function nextNonce(chain: Chain, address: Address, recorded: number | null | undefined): Promise<number> {
  const pending = await chain.client.getTransactionCount({ address, blockTag: 'pending' });
  // `max(nonce)` of no rows is NULL; a driver may answer the integer as text.
  return recorded === null || recorded === undefined ? pending : Math.max(pending, Number(recorded) + 1);
}

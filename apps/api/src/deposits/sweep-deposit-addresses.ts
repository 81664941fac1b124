import { erc20Abi, getAddress, type Address } from 'viem';
import type { Chain } from '../platform/chain';
import { toLedgerUnits, toTokenUnits, type TokenInfo } from '../platform/chain/token';
import { nextNonce, settleRecorded, type RecordedStatus, type RecordedTx } from '../platform/chain/recorded-tx';
import {
  gasPrice as readGasPrice,
  signNativeTransfer,
  signTokenTransfer,
  TOKEN_TRANSFER_GAS,
  type SignedTx,
} from '../platform/chain/tx';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { AppError } from '../shared/errors';
import { hotWalletNeeds } from '../withdrawals/payout/hot-wallet';
import { consolidationRunning, heldLease, type Lease } from './consolidation-lease';

/**
 * The chain side of a consolidation (PRODUCT.md §6): every deposit address
 * holding at least the threshold is swept, its gas topped up from the gas
 * wallet first where needed. The sweeps fill the hot wallet first
 * (`sweepDestinations`), the rest goes to the treasury. Each transaction is signed,
 * recorded with its nonce, hash and bytes, and only then broadcast; a rerun
 * resumes: recorded transactions are confirmed or re-sent as they are, never
 * signed anew, and an address whose sweep is recorded is not swept twice.
 */
export interface ConsolidationTxRow extends RecordedTx {
  id: number;
  consolidation_id: number;
  kind: 'gas_topup' | 'sweep';
  address_index: number | null;
  from_address: string;
  to_address: string;
  amount: string;
  unit: 'USDT' | 'BNB';
  nonce: number;
  tx_hash: string;
  raw_tx: string;
  status: RecordedStatus;
}

/**
 * Records a signed transaction before it is broadcast, only while `lease` is
 * held (`heldLease`, ./consolidation-lease.ts): a run that lost its lease
 * records and therefore sends nothing new.
 */
async function record(
  db: Sql,
  lease: Lease,
  kind: ConsolidationTxRow['kind'],
  index: number | null,
  signed: SignedTx,
  amount: bigint,
  unit: ConsolidationTxRow['unit'],
): Promise<ConsolidationTxRow> {
  const { rows } = await db.query<ConsolidationTxRow>(
    sql`WITH lease AS (${heldLease(lease.id, lease.holder)})
     INSERT INTO consolidation_txs (consolidation_id, kind, address_index, from_address, to_address, amount, unit, nonce, tx_hash, raw_tx, status)
     SELECT lease.id, ${kind}, ${index}, ${signed.from.toLowerCase()}, ${signed.to.toLowerCase()}, ${amount.toString()}, ${unit}, ${signed.nonce}, ${signed.hash}, ${signed.serialized}, 'signed' FROM lease
     RETURNING *`,
  );
  if (!rows[0]) throw consolidationRunning();
  return rows[0];
}

const setStatus = (db: Sql, id: number, status: ConsolidationTxRow['status']) =>
  db.query(sql`UPDATE consolidation_txs SET status = ${status}, updated_at = now() WHERE id = ${id}`);

/** Sends what is recorded and not yet mined, then waits for every one of `txs` to be mined; marks each. */
const settle = (db: Sql, chain: Chain, txs: ConsolidationTxRow[]) =>
  settleRecorded(chain, txs, (id, status) => setStatus(db, id, status));

/**
 * The next nonce of `address` on this chain: the larger of the node's
 * pending count and one past the highest nonce recorded for it.
 *
 * The node's pending count knows every mined transaction and the ones in its
 * pool, but not one recorded and not yet broadcast (a crash between recording
 * and sending; the resume path re-sends it as recorded) nor one its pool
 * dropped; reusing such a nonce would sign a second transaction where one is
 * already committed to (two sweeps of one address, one of them reverting).
 * The recorded nonces cover those; a mined one (confirmed, or `failed`: it
 * reverted, and a reverted transaction spends its nonce too) also covers a
 * node behind the others of a load-balanced RPC. A recorded transaction that
 * can never be mined would leave a gap the node waits on, but every recorded
 * one is re-sent until mined (`settle`), so it does not stay one. Read under
 * the run's lease, so no other run records for these senders meanwhile.
 */
async function nextSweepNonce(db: Sql, chain: Chain, address: Address): Promise<number> {
  const { rows } = await db.query<{ nonce: number | null }>(
    sql`SELECT max(t.nonce) AS nonce FROM consolidation_txs t JOIN consolidations c ON c.id = t.consolidation_id
       WHERE t.from_address = ${address.toLowerCase()} AND c.chain_id = ${chain.chainId}`,
  );
  return nextNonce(chain, address, rows[0]?.nonce);
}

/**
 * Where each sweep goes: whole addresses to the hot wallet while it holds
 * less than the withdrawals approved and pending need plus `hotTarget`
 * (withdrawals/payout/hot-wallet.ts `hotWalletNeeds`), the rest to the
 * treasury. An address is never split (one sweep, one fee): the last one
 * sent to the hot wallet may take it past the mark. Both are the company's
 * wallets, so the reconciliation (wallets.ts) counts them together and a
 * sweep to either keeps it balanced.
 */
async function sweepDestinations(
  db: Sql,
  chain: Chain,
  token: TokenInfo,
  hotTarget: bigint,
  balances: bigint[],
): Promise<Address[]> {
  const hot = chain.hotWalletAddress;
  let short = 0n;
  if (hot) {
    const [{ owed, pendingNet }, held] = await Promise.all([
      hotWalletNeeds(db),
      chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [hot] }),
    ]);
    short = owed + pendingNet + hotTarget - toLedgerUnits(held, token.decimals);
  }
  return balances.map((balance) => {
    if (!hot || short <= 0n) return chain.treasuryAddress;
    short -= toLedgerUnits(balance, token.decimals);
    return hot;
  });
}

/**
 * Sweeps every deposit address holding at least `limits.threshold` (ledger
 * units) for the consolidation whose `lease` the caller holds, filling the
 * hot wallet to `limits.hotTarget` over what withdrawals need first;
 * answers once all its transactions are mined.
 */
export async function sweepDepositAddresses(
  db: Sql,
  chain: Chain,
  lease: Lease,
  limits: { threshold: bigint; hotTarget: bigint },
  afterTopups?: () => Promise<void>,
): Promise<void> {
  const { threshold } = limits;
  const consolidationId = lease.id;
  const token = await chain.token();
  const gasWallet = chain.gasWallet;
  const depositSigner = chain.depositSigner;
  if (!gasWallet || !depositSigner) {
    throw new AppError(
      503,
      'CONSOLIDATION_UNAVAILABLE',
      'Consolidation needs DEPOSIT_MNEMONIC and GAS_WALLET_KEY in the configuration.',
    );
  }
  // Resume first: whatever an earlier attempt recorded is settled as it is.
  const earlier = await db.query<ConsolidationTxRow>(
    sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ${consolidationId} ORDER BY id`,
  );
  await settle(db, chain, earlier.rows);
  const swept = new Set(
    earlier.rows.filter((t) => t.kind === 'sweep' && t.status !== 'failed').map((t) => t.address_index),
  );
  const toppedUp = new Set(
    earlier.rows.filter((t) => t.kind === 'gas_topup' && t.status === 'confirmed').map((t) => t.address_index),
  );

  // Candidates: addresses that ever received a deposit; their balances in one batched request.
  const { rows: candidates } = await db.query<{ address_index: number; address: string }>(
    sql`SELECT a.address_index, a.address FROM deposit_addresses a
      WHERE EXISTS (SELECT 1 FROM deposits d WHERE d.address = a.address AND d.status <> 'dropped') ORDER BY a.address_index`,
  );
  const todo = candidates.filter((c) => !swept.has(c.address_index));
  const balances = await Promise.all(
    todo.map((c) =>
      chain.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [getAddress(c.address)],
      }),
    ),
  );
  const thresholdRaw = toTokenUnits(threshold, token.decimals);
  const due = todo
    .map((c, i) => ({ ...c, balance: balances[i]! }))
    .filter((c) => c.balance > 0n && c.balance >= thresholdRaw);
  if (!due.length) return;

  // A margin over the node's price, so a rising base fee does not strand a sweep.
  const price = ((await readGasPrice(chain.client)) * 15n) / 10n;
  const fee = price * TOKEN_TRANSFER_GAS;
  const native = await Promise.all(due.map((c) => chain.client.getBalance({ address: getAddress(c.address) })));

  // Gas top-ups from the gas wallet, nonces in a row, recorded before sending.
  const topups: ConsolidationTxRow[] = [];
  let nonce = await nextSweepNonce(db, chain, gasWallet.address);
  for (const [i, c] of due.entries()) {
    if (native[i]! >= fee || toppedUp.has(c.address_index)) continue;
    // Twice the fee: a rerun at a higher gas price still finds enough.
    const value = 2n * fee - native[i]!;
    const signed = await signNativeTransfer(chain.client, gasWallet, {
      to: getAddress(c.address),
      value,
      nonce,
      gasPrice: price,
    });
    topups.push(await record(db, lease, 'gas_topup', c.address_index, signed, value, 'BNB'));
    nonce += 1;
  }
  await settle(db, chain, topups);
  await afterTopups?.();

  // The sweeps, each from its own address, at a price its BNB covers.
  const funded = await Promise.all(due.map((c) => chain.client.getBalance({ address: getAddress(c.address) })));
  const destinations = await sweepDestinations(
    db,
    chain,
    token,
    limits.hotTarget,
    due.map((c) => c.balance),
  );
  const sweeps: ConsolidationTxRow[] = [];
  for (const [i, c] of due.entries()) {
    const affordable = funded[i]! / TOKEN_TRANSFER_GAS;
    const signer = depositSigner(c.address_index);
    if (signer.address.toLowerCase() !== c.address)
      throw new Error(`deposit address ${c.address_index} does not match DEPOSIT_MNEMONIC`);
    const signed = await signTokenTransfer(chain.client, signer, {
      token: token.address,
      to: destinations[i]!,
      amount: c.balance,
      nonce: await nextSweepNonce(db, chain, signer.address),
      gasPrice: affordable < price ? affordable : price,
    });
    sweeps.push(
      await record(db, lease, 'sweep', c.address_index, signed, toLedgerUnits(c.balance, token.decimals), 'USDT'),
    );
  }
  await settle(db, chain, sweeps);
}

import { fromBaseUnits, toBaseUnits, type Consolidation, type ConsolidationPage, type ConsolidationTx, type PageQuery } from '@portal/contract';
import { erc20Abi, getAddress, type Address, type Hex } from 'viem';
import type { Chain } from '../chain';
import { toLedgerUnits, toTokenUnits } from '../chain/token';
import { broadcast, gasPrice as readGasPrice, signNativeTransfer, signTokenTransfer, TOKEN_TRANSFER_GAS, transactionState, type SignedTx } from '../chain/tx';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/service';
import { readSettings } from '../settings/service';
import { AppError, isUniqueViolation } from '../shared/errors';
import { pageWindow } from '../shared/pagination';
import { chainUnavailable, requireChain } from './service';
import { describeChainError } from './watcher';
import { sql } from '../db/sql';
import { pageClause } from '../shared/sql-list';

/**
 * Consolidation (PRODUCT.md §6): every deposit address holding at least the
 * threshold is swept to the treasury, its gas topped up from the gas wallet
 * first where needed. Each transaction is signed, recorded with its nonce,
 * hash and bytes, and only then broadcast; a rerun (POST again after a
 * crash, or a failed run) resumes the running consolidation: recorded
 * transactions are confirmed or re-sent as they are, never signed anew, and
 * an address whose sweep is recorded is not swept twice.
 */
interface TxRow {
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
  status: 'signed' | 'sent' | 'confirmed' | 'failed';
}

interface ConsolidationRow {
  id: number;
  status: 'running' | 'completed' | 'failed';
  started_by: string | null;
  threshold: string;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
}

export function createConsolidationService(ctx: AppContext) {
  const { db } = ctx;

  async function record(consolidationId: number, kind: TxRow['kind'], index: number | null, signed: SignedTx, amount: bigint, unit: TxRow['unit']): Promise<TxRow> {
    const { rows } = await db.query<TxRow>(
      sql`INSERT INTO consolidation_txs (consolidation_id, kind, address_index, from_address, to_address, amount, unit, nonce, tx_hash, raw_tx, status)
       VALUES (${consolidationId}, ${kind}, ${index}, ${signed.from.toLowerCase()}, ${signed.to.toLowerCase()}, ${amount.toString()}, ${unit}, ${signed.nonce}, ${signed.hash}, ${signed.serialized}, 'signed') RETURNING *`,
    );
    return rows[0]!;
  }

  const setStatus = (id: number, status: TxRow['status']) => db.query(sql`UPDATE consolidation_txs SET status = ${status}, updated_at = now() WHERE id = ${id}`);

  /** Sends what is recorded and not yet mined, then waits for every one of `txs` to be mined; marks each. */
  async function settle(chain: Chain, txs: TxRow[]): Promise<void> {
    for (const tx of txs) {
      if (tx.status === 'confirmed' || tx.status === 'failed') continue;
      const state = await transactionState(chain.client, tx.tx_hash as Hex);
      if (state.state === 'unknown') await broadcast(chain.client, tx.raw_tx as Hex);
      if (tx.status === 'signed') await setStatus(tx.id, 'sent');
      tx.status = 'sent';
    }
    for (const tx of txs) {
      if (tx.status !== 'sent') continue;
      const receipt = await chain.client.waitForTransactionReceipt({ hash: tx.tx_hash as Hex, pollingInterval: 250, timeout: 120_000 });
      tx.status = receipt.status === 'success' ? 'confirmed' : 'failed';
      await setStatus(tx.id, tx.status);
    }
  }

  /** The next nonce of `address`: the node's pending count, or past the highest this portal recorded. */
  async function nextNonce(chain: Chain, address: Address): Promise<number> {
    const [pending, recorded] = await Promise.all([
      chain.client.getTransactionCount({ address, blockTag: 'pending' }),
      db.query<{ nonce: number | null }>(sql`SELECT max(nonce) AS nonce FROM consolidation_txs WHERE from_address = ${address.toLowerCase()} AND status <> 'failed'`),
    ]);
    const after = recorded.rows[0]?.nonce;
    return after === null || after === undefined ? pending : Math.max(pending, after + 1);
  }

  async function run(chain: Chain, consolidationId: number, threshold: bigint): Promise<void> {
    const token = await chain.token();
    const gasWallet = chain.gasWallet;
    const depositSigner = chain.depositSigner;
    if (!gasWallet || !depositSigner) {
      throw new AppError(503, 'CONSOLIDATION_UNAVAILABLE', 'Consolidation needs DEPOSIT_MNEMONIC and GAS_WALLET_KEY in the configuration.');
    }
    // Resume first: whatever an earlier attempt recorded is settled as it is.
    const earlier = await db.query<TxRow>(sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ${consolidationId} ORDER BY id`);
    await settle(chain, earlier.rows);
    const swept = new Set(earlier.rows.filter((t) => t.kind === 'sweep' && t.status !== 'failed').map((t) => t.address_index));
    const toppedUp = new Set(earlier.rows.filter((t) => t.kind === 'gas_topup' && t.status === 'confirmed').map((t) => t.address_index));

    // Candidates: addresses that ever received a deposit; their balances in one batched request.
    const { rows: candidates } = await db.query<{ address_index: number; address: string }>(
      sql`SELECT a.address_index, a.address FROM deposit_addresses a
        WHERE EXISTS (SELECT 1 FROM deposits d WHERE d.address = a.address AND d.status <> 'dropped') ORDER BY a.address_index`,
    );
    const todo = candidates.filter((c) => !swept.has(c.address_index));
    const balances = await Promise.all(todo.map((c) => chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [getAddress(c.address)] })));
    const thresholdRaw = toTokenUnits(threshold, token.decimals);
    const due = todo.map((c, i) => ({ ...c, balance: balances[i]! })).filter((c) => c.balance > 0n && c.balance >= thresholdRaw);
    if (!due.length) return;

    // A margin over the node's price, so a rising base fee does not strand a sweep.
    const price = ((await readGasPrice(chain.client)) * 15n) / 10n;
    const fee = price * TOKEN_TRANSFER_GAS;
    const native = await Promise.all(due.map((c) => chain.client.getBalance({ address: getAddress(c.address) })));

    // Gas top-ups from the gas wallet, nonces in a row, recorded before sending.
    const topups: TxRow[] = [];
    let nonce = await nextNonce(chain, gasWallet.address);
    for (const [i, c] of due.entries()) {
      if (native[i]! >= fee || toppedUp.has(c.address_index)) continue;
      // Twice the fee: a rerun at a higher gas price still finds enough.
      const value = 2n * fee - native[i]!;
      const signed = await signNativeTransfer(chain.client, gasWallet, { to: getAddress(c.address), value, nonce, gasPrice: price });
      topups.push(await record(consolidationId, 'gas_topup', c.address_index, signed, value, 'BNB'));
      nonce += 1;
    }
    await settle(chain, topups);

    // The sweeps, each from its own address, at a price its BNB covers.
    const funded = await Promise.all(due.map((c) => chain.client.getBalance({ address: getAddress(c.address) })));
    const sweeps: TxRow[] = [];
    for (const [i, c] of due.entries()) {
      const affordable = funded[i]! / TOKEN_TRANSFER_GAS;
      const signer = depositSigner(c.address_index);
      if (signer.address.toLowerCase() !== c.address) throw new Error(`deposit address ${c.address_index} does not match DEPOSIT_MNEMONIC`);
      const signed = await signTokenTransfer(chain.client, signer, {
        token: token.address,
        to: chain.treasuryAddress,
        amount: c.balance,
        nonce: await nextNonce(chain, signer.address),
        gasPrice: affordable < price ? affordable : price,
      });
      sweeps.push(await record(consolidationId, 'sweep', c.address_index, signed, toLedgerUnits(c.balance, token.decimals), 'USDT'));
    }
    await settle(chain, sweeps);
  }

  async function toConsolidation(row: ConsolidationRow): Promise<Consolidation> {
    const { rows } = await db.query<TxRow>(sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ${row.id} ORDER BY id`);
    return shape(row, rows);
  }

  function shape(row: ConsolidationRow, txs: TxRow[]): Consolidation {
    const sweeps = txs.filter((t) => t.kind === 'sweep');
    return {
      id: Number(row.id),
      status: row.status,
      startedBy: row.started_by,
      threshold: fromBaseUnits(BigInt(row.threshold)),
      addresses: sweeps.length,
      totalSwept: fromBaseUnits(sweeps.filter((t) => t.status === 'confirmed').reduce((sum, t) => sum + BigInt(t.amount), 0n)),
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
      error: row.error,
      transactions: txs.map(
        (t): ConsolidationTx => ({
          id: Number(t.id),
          kind: t.kind,
          fromAddress: t.from_address,
          toAddress: t.to_address,
          amount: fromBaseUnits(BigInt(t.amount)),
          unit: t.unit,
          nonce: t.nonce,
          txHash: t.tx_hash,
          status: t.status,
          explorerUrl: ctx.chain?.explorerTx(t.tx_hash) ?? null,
        }),
      ),
    };
  }

  const SELECT = sql`SELECT c.id, c.status, u.username AS started_by, c.threshold::text, c.created_at, c.finished_at, c.error
                    FROM consolidations c LEFT JOIN users u ON u.id = c.started_by`;

  return {
    /** Starts a consolidation, or resumes the one left running; answers when its transactions are mined. */
    async start(actor: Actor): Promise<Consolidation> {
      const chain = requireChain(ctx);
      const settings = await readSettings(db);
      const threshold = toBaseUnits(settings.consolidationThreshold);
      let id: number;
      const running = await db.query<{ id: number; threshold: string }>(sql`SELECT id, threshold::text FROM consolidations WHERE status = 'running'`);
      let resumed = false;
      if (running.rows[0]) {
        id = Number(running.rows[0].id);
        resumed = true;
      } else {
        try {
          id = await db.transaction(async (tx) => {
            const { rows } = await tx.query<{ id: number }>(
              sql`INSERT INTO consolidations (chain_id, status, started_by, threshold) VALUES (${chain.chainId}, 'running', ${actor.userId}, ${threshold.toString()}) RETURNING id`,
            );
            await writeAudit(tx, { actor, action: 'consolidation.start', targetType: 'consolidation', targetId: rows[0]!.id, details: { threshold: fromBaseUnits(threshold) } });
            return Number(rows[0]!.id);
          });
        } catch (error) {
          if (isUniqueViolation(error, 'consolidations_one_running')) throw new AppError(409, 'CONSOLIDATION_RUNNING', 'A consolidation is already running. Wait for it to finish.');
          throw error;
        }
      }
      if (resumed) await writeAudit(db, { actor, action: 'consolidation.resume', targetType: 'consolidation', targetId: id });
      try {
        await run(chain, id, running.rows[0] ? BigInt(running.rows[0].threshold) : threshold);
        await db.query(sql`UPDATE consolidations SET status = 'completed', finished_at = now(), error = NULL WHERE id = ${id}`);
      } catch (error) {
        if (error instanceof AppError) {
          await db.query(sql`UPDATE consolidations SET status = 'failed', finished_at = now(), error = ${error.message} WHERE id = ${id}`);
          throw error;
        }
        // Left running: POST again resumes it from what was recorded.
        const message = describeChainError(chain, error);
        await db.query(sql`UPDATE consolidations SET error = ${message} WHERE id = ${id}`);
        ctx.log.warn({ err: message, consolidation: id }, 'consolidation interrupted; start it again to resume');
        throw chainUnavailable(message);
      }
      const { rows } = await db.query<ConsolidationRow>(sql`${SELECT} WHERE c.id = ${id}`);
      return toConsolidation(rows[0]!);
    },

    async list(query: PageQuery): Promise<ConsolidationPage> {
      const window = pageWindow(query);
      const [{ rows }, count, total] = await Promise.all([
        db.query<ConsolidationRow>(sql`${SELECT} ORDER BY c.id DESC ${pageClause(window)}`),
        db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM consolidations`),
        db.query<{ total: string }>(sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM consolidation_txs WHERE kind = 'sweep' AND status = 'confirmed'`),
      ]);
      const txs = rows.length
        ? (await db.query<TxRow>(sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ANY(${rows.map((r) => r.id)}::bigint[]) ORDER BY id`)).rows
        : [];
      return {
        items: rows.map((row) => shape(row, txs.filter((t) => Number(t.consolidation_id) === Number(row.id)))),
        total: count.rows[0]!.n,
        page: query.page,
        pageSize: query.pageSize,
        totalSwept: fromBaseUnits(BigInt(total.rows[0]!.total)),
      };
    },
  };
}

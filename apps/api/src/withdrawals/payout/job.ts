import { randomBytes } from 'node:crypto';
import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex, type TransactionReceipt } from 'viem';
import { fromBaseUnits } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { postEntry } from '../../ledger/post';
import { payoutChainOf, type PayoutChain } from './chain';
import { registerPayoutJob } from './registry';
import { sql } from '../../db/sql';

/**
 * The payout job (docs/decisions/0014-withdrawals-and-payouts.md). Any API
 * process runs it; a lease row per (chain, hot wallet) lets only one run at
 * a time. Every step commits what it did before the next starts, so a
 * process that dies anywhere leaves a record the next pass resumes from:
 *
 *   queued ─(nonce reserved, committed)─ queued+nonce ─(signed tx and hash
 *   stored, committed)─ signed ─(broadcast)─ broadcast ─(receipt)─ mined
 *   ─(final block)─ paid (+ journal entry: in flight → treasury and fees)
 *
 * A payout never gets a second nonce, and every transaction of it (the
 * first and its fee-bumped replacements) spends that one nonce, so at most
 * one of them is ever mined: the payout records whichever it is. A payout
 * fails (`failed`, withdrawal `failed` with a plain reason) only before its
 * nonce is reserved (not enough tokens or gas) or when its transaction
 * reverted on chain; in both cases nothing of it can still land.
 */
export const GAS_PER_PAYOUT = 100_000n;
/** A replacement pays at least this much more per gas (nodes want ≥ 10 %). */
const BUMP_NUMERATOR = 125n;
const BUMP_DENOMINATOR = 100n;
const LEASE_SECONDS = 30;
const BATCH = 500;

export type PayoutStep = 'reserved' | 'signed' | 'broadcast';

export interface PayoutHooks {
  /** Called after each committed step; a test throws here to play a crash between steps. */
  after?(step: PayoutStep, payoutId: number): void | Promise<void>;
}

interface PayoutRow {
  id: number;
  withdrawal_id: number;
  status: string;
  to_address: string;
  amount: string;
  nonce: string | null;
}

interface TxRow {
  id: number;
  tx_hash: Hex;
  raw: Hex;
  max_fee_per_gas: string;
  created_at: Date;
}

export interface PassResult {
  /** Payouts that moved a step in this pass. */
  progressed: number;
  /** Payouts not yet paid or failed. */
  open: number;
  /** False when another process holds the hot wallet's lease. */
  ran: boolean;
}

export function createPayoutRunner(ctx: AppContext, hooks: PayoutHooks = {}) {
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const { db } = ctx;

  async function takeLease(chain: PayoutChain, wallet: Address): Promise<boolean> {
    const { rows } = await db.query(
      sql`INSERT INTO payout_leases (chain_id, wallet, holder, lease_until) VALUES (${chain.chainId}, ${wallet}, ${holder}, clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}))
       ON CONFLICT (chain_id, wallet) DO UPDATE SET holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until
        WHERE payout_leases.holder = EXCLUDED.holder OR payout_leases.lease_until < clock_timestamp()
       RETURNING 1`,
    );
    return rows.length > 0;
  }

  async function releaseLease(chain: PayoutChain, wallet: Address) {
    await db.query(sql`UPDATE payout_leases SET lease_until = clock_timestamp() WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND holder = ${holder}`);
  }

  async function receiptOf(chain: PayoutChain, hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await chain.client.getTransactionReceipt({ hash });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
  }

  async function send(chain: PayoutChain, raw: Hex): Promise<void> {
    try {
      await chain.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const text = String((error as Error)?.message ?? error).toLowerCase();
      // The node has it already, or it (or its replacement) was mined: nothing to send.
      if (text.includes('already known') || text.includes('already imported') || text.includes('nonce too low') || text.includes('underpriced')) return;
      throw error;
    }
  }

  async function txsOfMany(payoutIds: number[]): Promise<Map<number, TxRow[]>> {
    const byPayout = new Map<number, TxRow[]>();
    if (payoutIds.length === 0) return byPayout;
    const { rows } = await db.query<TxRow & { payout_id: number }>(
      sql`SELECT payout_id, id, tx_hash, raw, max_fee_per_gas, created_at FROM payout_transactions WHERE payout_id = ANY(${payoutIds}::bigint[]) ORDER BY id`,
    );
    for (const row of rows) {
      const id = Number(row.payout_id);
      byPayout.set(id, [...(byPayout.get(id) ?? []), row]);
    }
    return byPayout;
  }

  async function txsOf(payoutId: number): Promise<TxRow[]> {
    const { rows } = await db.query<TxRow>(sql`SELECT id, tx_hash, raw, max_fee_per_gas, created_at FROM payout_transactions WHERE payout_id = ${payoutId} ORDER BY id`);
    return rows;
  }

  async function signAndStore(chain: PayoutChain, token: Address, payout: PayoutRow, decimals: number, gasPrice: bigint): Promise<Hex> {
    const wallet = chain.hotWallet!;
    const amount = BigInt(payout.amount) / 10n ** BigInt(18 - decimals);
    const raw = await wallet.signTransaction!({
      chainId: chain.chainId,
      type: 'legacy',
      nonce: Number(payout.nonce),
      gasPrice,
      gas: GAS_PER_PAYOUT,
      to: token,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payout.to_address as Address, amount] }),
    });
    const hash = keccak256(raw);
    await db.transaction(async (tx) => {
      await tx.query(
        sql`INSERT INTO payout_transactions (payout_id, tx_hash, raw, max_fee_per_gas, priority_fee, created_at) VALUES (${payout.id}, ${hash}, ${raw}, ${gasPrice.toString()}, ${gasPrice.toString()}, ${ctx.now()})`,
      );
      await tx.query(sql`UPDATE payouts SET status = CASE WHEN status = 'queued' THEN 'signed' ELSE status END, updated_at = now() WHERE id = ${payout.id}`);
    });
    return raw;
  }

  async function markBroadcast(payoutId: number, raw: Hex) {
    await db.query(sql`UPDATE payout_transactions SET broadcast_at = COALESCE(broadcast_at, ${ctx.now()}) WHERE tx_hash = ${keccak256(raw)}`);
    await db.query(sql`UPDATE payouts SET status = 'broadcast', error = NULL, updated_at = now() WHERE id = ${payoutId} AND status = 'signed'`);
  }

  async function fail(payout: PayoutRow, reason: string, tx_hash: string | null = null, block: bigint | null = null) {
    await db.transaction(async (tx) => {
      await tx.query(sql`UPDATE payouts SET status = 'failed', error = ${reason}, tx_hash = ${tx_hash}, block_number = ${block?.toString() ?? null}, updated_at = now() WHERE id = ${payout.id}`);
      await tx.query(sql`UPDATE withdrawals SET status = 'failed', reason = ${reason} WHERE id = ${payout.withdrawal_id} AND status = 'approved'`);
    });
  }

  /** The journal entry of a paid withdrawal: in flight out; what arrived to the treasury's side, the fee to the company. */
  async function settle(tx: Sql, payout: PayoutRow, hash: Hex, block: bigint) {
    const { rows } = await tx.query<{ user_id: number; amount: string; fee: string; status: string }>(
      sql`SELECT user_id, amount, fee, status FROM withdrawals WHERE id = ${payout.withdrawal_id} FOR UPDATE`,
    );
    const w = rows[0]!;
    if (w.status !== 'approved') return;
    const amount = BigInt(w.amount);
    const fee = BigInt(w.fee);
    const entry = await postEntry(tx, {
      type: 'withdrawal_payout',
      memo: `Withdrawal #${payout.withdrawal_id} paid: ${fromBaseUnits(amount - fee)} USDT to ${payout.to_address} (fee ${fromBaseUnits(fee)} USDT), tx ${hash}`,
      actorId: null,
      refs: { withdrawalId: payout.withdrawal_id, txHash: hash, block: block.toString() },
      lines: [
        { account: { system: 'withdrawals_in_flight' }, amount: -amount },
        { account: { system: 'treasury' }, amount: amount - fee },
        { account: { system: 'fees' }, amount: fee },
      ],
    });
    await tx.query(sql`UPDATE payouts SET status = 'paid', updated_at = now() WHERE id = ${payout.id}`);
    await tx.query(sql`UPDATE withdrawals SET status = 'paid', tx_hash = ${hash}, block_number = ${block.toString()}, paid_at = ${ctx.now()}, settle_entry_id = ${entry.id} WHERE id = ${payout.withdrawal_id}`);
  }

  /** One pass over the hot wallet's payouts: follow what is in flight, settle what is final, start what is queued. */
  async function pass(): Promise<PassResult> {
    const chain = payoutChainOf(ctx);
    if (!chain?.hotWallet) return { progressed: 0, open: 0, ran: false };
    const wallet = chain.hotWallet.address;
    if (!(await takeLease(chain, wallet))) return { progressed: 0, open: 0, ran: false };
    let progressed = 0;
    try {
      const token = await chain.token();
      const bumpAfterMs = ctx.config.payoutBumpAfterSeconds * 1000;

      // 1. In flight: signed (broadcast again), broadcast (receipt, or a fee bump), mined (final?).
      const inFlight = await db.query<PayoutRow>(
        sql`SELECT id, withdrawal_id, status, to_address, amount::text, nonce::text FROM payouts
          WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND status IN ('signed', 'broadcast', 'mined') ORDER BY nonce`,
      );
      const finality = inFlight.rows.some((p) => p.status !== 'signed') ? await chain.finality() : null;
      // Every transaction of every payout in flight, and their receipts, read at once (one JSON-RPC batch per 200).
      const allTxs = await txsOfMany(inFlight.rows.filter((p) => p.status !== 'signed').map((p) => p.id));
      const receipts = new Map<string, TransactionReceipt | null>();
      const hashes = [...allTxs.values()].flat().map((t) => t.tx_hash);
      for (let i = 0; i < hashes.length; i += 200) {
        const chunk = hashes.slice(i, i + 200);
        const found = await Promise.all(chunk.map((hash) => receiptOf(chain, hash)));
        chunk.forEach((hash, j) => receipts.set(hash, found[j]!));
      }
      for (const payout of inFlight.rows) {
        const txs = allTxs.get(payout.id) ?? (await txsOf(payout.id));
        const latest = txs[txs.length - 1]!;
        if (payout.status === 'signed') {
          await send(chain, latest.raw);
          await markBroadcast(payout.id, latest.raw);
          progressed += 1;
          await hooks.after?.('broadcast', payout.id);
          continue;
        }
        // Whichever of its transactions was mined (at most one can be: they share the nonce).
        let mined: TransactionReceipt | null = null;
        for (const t of [...txs].reverse()) {
          mined = receipts.has(t.tx_hash) ? receipts.get(t.tx_hash)! : await receiptOf(chain, t.tx_hash);
          if (mined) break;
        }
        if (!mined) {
          if (payout.status === 'mined') {
            // Its block was reorganised away: back to waiting for a receipt.
            await db.query(sql`UPDATE payouts SET status = 'broadcast', tx_hash = NULL, block_number = NULL WHERE id = ${payout.id}`);
            continue;
          }
          if (ctx.now().getTime() - new Date(latest.created_at).getTime() >= bumpAfterMs) {
            const current = await chain.client.getGasPrice();
            const bumped = (BigInt(latest.max_fee_per_gas) * BUMP_NUMERATOR) / BUMP_DENOMINATOR + 1n;
            const raw = await signAndStore(chain, token.address, payout, token.decimals, current > bumped ? current : bumped);
            await send(chain, raw);
            await markBroadcast(payout.id, raw);
            progressed += 1;
          } else {
            await send(chain, latest.raw);
          }
          continue;
        }
        if (mined.status !== 'success') {
          await fail(payout, `The payout transaction ${mined.transactionHash} was reverted on chain (block ${mined.blockNumber}); no tokens left the hot wallet. Check its token balance, then retry or refund.`, mined.transactionHash, mined.blockNumber);
          progressed += 1;
          continue;
        }
        if (payout.status === 'broadcast') {
          await db.query(sql`UPDATE payouts SET status = 'mined', tx_hash = ${mined.transactionHash}, block_number = ${mined.blockNumber.toString()}, updated_at = now() WHERE id = ${payout.id}`);
          progressed += 1;
        }
        if (finality && mined.blockNumber <= finality.final) {
          await db.transaction((tx) => settle(tx, payout, mined.transactionHash, mined.blockNumber));
          progressed += 1;
        }
      }

      // 2. Queued: a nonce reserved (or resumed), signed and stored, then broadcast.
      const queued = await db.query<PayoutRow>(
        sql`SELECT id, withdrawal_id, status, to_address, amount::text, nonce::text FROM payouts
          WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND status = 'queued' ORDER BY nonce NULLS LAST, id LIMIT ${BATCH}`,
      );
      if (queued.rows.length > 0) {
        const [tokenBalance, gasBalance, gasPrice, owedRows] = await Promise.all([
          chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet], blockTag: 'latest' }),
          chain.client.getBalance({ address: wallet, blockTag: 'latest' }),
          chain.client.getGasPrice(),
          db.query<{ owed: string; n: number }>(
            sql`SELECT COALESCE(sum(amount), 0)::text AS owed, count(*)::int AS n FROM payouts
              WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND (status IN ('signed', 'broadcast') OR (status = 'queued' AND nonce IS NOT NULL))`,
          ),
        ]);
        const scale = 10n ** BigInt(18 - token.decimals);
        // What is left once every transaction already signed (not yet mined) is paid.
        let tokensLeft = tokenBalance * scale - BigInt(owedRows.rows[0]!.owed);
        let gasLeft = gasBalance - GAS_PER_PAYOUT * gasPrice * BigInt(owedRows.rows[0]!.n);
        const gasCost = GAS_PER_PAYOUT * gasPrice;
        let onChainNonce: number | undefined;
        for (const payout of queued.rows) {
          if (payout.nonce === null) {
            const amount = BigInt(payout.amount);
            if (tokensLeft < amount) {
              await fail(payout, `The hot wallet does not hold enough ${token.symbol}: ${fromBaseUnits(tokensLeft < 0n ? 0n : tokensLeft)} available for a payout of ${fromBaseUnits(amount)}. Fund the hot wallet, then retry.`);
              progressed += 1;
              continue;
            }
            if (gasLeft < gasCost) {
              await fail(payout, `The hot wallet does not hold enough BNB for gas (about ${fromBaseUnits(gasCost)} BNB per payout). Fund it with BNB, then retry.`);
              progressed += 1;
              continue;
            }
            onChainNonce ??= await chain.client.getTransactionCount({ address: wallet, blockTag: 'pending' });
            payout.nonce = await reserveNonce(chain, wallet, payout.id, onChainNonce);
            await hooks.after?.('reserved', payout.id);
            tokensLeft -= amount;
            gasLeft -= gasCost;
          }
          // A nonce reserved earlier but never signed (a crash in between) is signed now.
          const raw = await signAndStore(chain, token.address, payout, token.decimals, gasPrice);
          progressed += 1;
          await hooks.after?.('signed', payout.id);
          await send(chain, raw);
          await markBroadcast(payout.id, raw);
          await hooks.after?.('broadcast', payout.id);
        }
      }
      const open = await db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${wallet} AND status NOT IN ('paid', 'failed')`,
      );
      return { progressed, open: open.rows[0]!.n, ran: true };
    } finally {
      await releaseLease(chain, wallet);
    }
  }

  /** The next nonce of the hot wallet, reserved in its own committed transaction (UNIQUE (chain, wallet, nonce)). */
  async function reserveNonce(chain: PayoutChain, wallet: Address, payoutId: number, onChain: number): Promise<string> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ next: string | null }>(sql`SELECT (max(nonce) + 1)::text AS next FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${wallet}`);
      const fromDb = BigInt(rows[0]!.next ?? '0');
      const nonce = (fromDb > BigInt(onChain) ? fromDb : BigInt(onChain)).toString();
      await tx.query(sql`UPDATE payouts SET nonce = ${nonce}, updated_at = now() WHERE id = ${payoutId} AND nonce IS NULL`);
      return nonce;
    });
  }

  return { pass, holder };
}

export type PayoutRunner = ReturnType<typeof createPayoutRunner>;

/**
 * Runs payout passes in the background (main.ts): every `intervalMs`, and at
 * once when `kick()` is called (after an approval). A pass never overlaps
 * the previous one in this process; the lease keeps other processes out.
 */
export function startPayoutJob(ctx: AppContext, intervalMs = 1_000) {
  const runner = createPayoutRunner(ctx);
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const result = await runner.pass();
          if (result.progressed > 0 && result.open > 0) again = true;
        } catch (error) {
          ctx.log.error({ err: error }, 'payout pass failed; the next pass resumes from the stored state');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref?.();
  registerPayoutJob(ctx, { kick: run });
  return {
    kick: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import {
  fromBaseUnits,
  toBaseUnits,
  type Consolidation,
  type ConsolidationPage,
  type ConsolidationTx,
  type PageQuery,
} from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { readSettings } from '../settings/in-force';
import { AppError } from '../shared/errors';
import { defineList } from '../shared/list-query';
import { chainUnavailable, requireChain } from './require-chain';
import { describeChainError } from './chain-status';
import { isChainError } from '../platform/chain/errors';
import {
  claimConsolidation,
  consolidationRunning,
  leaseHeldBy,
  releaseLease,
  renewLease,
  RENEW_MS,
} from './consolidation-lease';
import { sweepDepositAddresses, type ConsolidationTxRow } from './sweep-deposit-addresses';
import { sql } from '../platform/db/sql';
import { newLeaseHolder } from '../shared/lease';
import { testPause } from '../shared/test-pause';

/**
 * Consolidation (PRODUCT.md §6): an admin starts one, the deposit addresses
 * are swept to the hot wallet up to what it should hold, the rest to the
 * treasury (`sweep-deposit-addresses.ts`); a rerun (POST
 * again after a crash, or a failed run) resumes the running consolidation,
 * one run at a time (./consolidation-lease.ts,
 * docs/decisions/0028-one-consolidation-at-a-time.md).
 * The list shows each with its transactions.
 */
interface ConsolidationRow {
  id: number;
  status: 'running' | 'completed' | 'failed';
  started_by: string | null;
  threshold: string;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
}

async function toConsolidation(ctx: AppContext, row: ConsolidationRow): Promise<Consolidation> {
  const { rows } = await ctx.db.query<ConsolidationTxRow>(
    sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ${row.id} ORDER BY id`,
  );
  return shape(ctx, row, rows);
}

function shape(ctx: AppContext, row: ConsolidationRow, txs: ConsolidationTxRow[]): Consolidation {
  const sweeps = txs.filter((t) => t.kind === 'sweep');
  return {
    id: Number(row.id),
    status: row.status,
    startedBy: row.started_by,
    threshold: fromBaseUnits(BigInt(row.threshold)),
    addresses: sweeps.length,
    totalSwept: fromBaseUnits(
      sweeps.filter((t) => t.status === 'confirmed').reduce((sum, t) => sum + BigInt(t.amount), 0n),
    ),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    error: row.error,
    transactions: txs.map((t): ConsolidationTx => ({
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
    })),
  };
}

const SELECT = sql`SELECT c.id, c.status, u.username AS started_by, c.threshold::text, c.created_at, c.finished_at, c.error
                  FROM consolidations c LEFT JOIN users u ON u.id = c.started_by`;

/** The consolidations, newest first, each with its transactions (their explorer links from the portal's chain). */
const consolidationList = (ctx: AppContext) =>
  defineList({
    select: SELECT,
    counted: sql`consolidations c`,
    sorts: { startedAt: 'c.id' },
    tieBreaker: 'c.id',
    async toItems(db, rows: ConsolidationRow[]) {
      const txs = rows.length
        ? (
            await db.query<ConsolidationTxRow>(
              sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ANY(${rows.map((r) => r.id)}::bigint[]) ORDER BY id`,
            )
          ).rows
        : [];
      return rows.map((row) =>
        shape(
          ctx,
          row,
          txs.filter((t) => Number(t.consolidation_id) === Number(row.id)),
        ),
      );
    },
  });

/**
 * Starts a consolidation, or resumes the one left running; answers when
 * its transactions are mined. One at a time: the run holds the running
 * consolidation's lease (./consolidation-lease.ts) from its first
 * statement to its last, and a request that finds it held answers 409
 * CONSOLIDATION_RUNNING.
 */
export async function startConsolidation(ctx: AppContext, actor: Actor): Promise<Consolidation> {
  const { db } = ctx;
  const chain = requireChain(ctx);
  const settings = await readSettings(db);
  const holder = newLeaseHolder();
  const claim = await claimConsolidation(db, holder, (lease) =>
    db.transaction(async (tx) => {
      const threshold = toBaseUnits(settings.consolidationThreshold);
      const { rows } = await tx.query<{ id: number }>(
        sql`INSERT INTO consolidations (chain_id, status, started_by, threshold, leased_by, leased_until)
           VALUES (${chain.chainId}, 'running', ${actor.userId}, ${threshold.toString()}, ${lease}) RETURNING id`,
      );
      await writeAudit(tx, {
        actor,
        action: 'consolidation.start',
        targetType: 'consolidation',
        targetId: rows[0]!.id,
        details: { threshold: fromBaseUnits(threshold) },
      });
      return { id: Number(rows[0]!.id), threshold };
    }),
  );
  const { id } = claim;
  const lease = { id, holder };
  // Renewed while the run waits for receipts; a renewal that fails is only
  // logged: the fenced statements refuse a run whose lease was taken over.
  const renewal = setInterval(() => {
    renewLease(db, id, holder).then(
      (held) => held || ctx.log.warn({ consolidation: id }, 'consolidation lease taken over by another run'),
      (error: unknown) => ctx.log.warn({ err: error, consolidation: id }, 'consolidation lease not renewed'),
    );
  }, RENEW_MS);
  renewal.unref?.();
  try {
    if (claim.resumed)
      await writeAudit(db, { actor, action: 'consolidation.resume', targetType: 'consolidation', targetId: id });
    try {
      // Tests only: a pause between the top-ups and the sweeps (multiprocess.test.ts).
      const hotTarget = toBaseUnits(settings.hotWalletTarget);
      await sweepDepositAddresses(db, chain, lease, { threshold: claim.threshold, hotTarget }, () =>
        testPause(ctx, 'consolidation'),
      );
      const done = await db.query(
        sql`UPDATE consolidations SET status = 'completed', finished_at = now(), error = NULL WHERE ${leaseHeldBy(id, holder)} RETURNING 1`,
      );
      if (!done.rows.length) throw consolidationRunning();
    } catch (error) {
      // Another run holds it now: it is that run's to end.
      if (error instanceof AppError && error.code === 'CONSOLIDATION_RUNNING') throw error;
      if (error instanceof AppError) {
        await db.query(
          sql`UPDATE consolidations SET status = 'failed', finished_at = now(), error = ${error.message} WHERE ${leaseHeldBy(id, holder)}`,
        );
        throw error;
      }
      // Left running either way: POST again resumes it from what was recorded.
      if (isChainError(error)) {
        const message = describeChainError(chain, error);
        await db.query(sql`UPDATE consolidations SET error = ${message} WHERE ${leaseHeldBy(id, holder)}`);
        ctx.log.warn(
          { err: message, consolidation: id },
          'consolidation interrupted by the chain; start it again to resume',
        );
        throw chainUnavailable(message);
      }
      // Not the chain (the database, a bug): answered 500 and logged by the
      // error handler as it is, never passed off as a chain outage.
      await db
        .query(
          sql`UPDATE consolidations SET error = ${'Interrupted by an unexpected error (see the server log). Start it again to resume.'} WHERE ${leaseHeldBy(id, holder)}`,
        )
        .catch(() => undefined);
      throw error;
    }
  } finally {
    clearInterval(renewal);
    // Free at once, so that POST again resumes without waiting for the expiry.
    await releaseLease(db, id, holder).catch((error: unknown) =>
      ctx.log.warn({ err: error, consolidation: id }, 'consolidation lease not released; it expires by itself'),
    );
  }
  const { rows } = await db.query<ConsolidationRow>(sql`${SELECT} WHERE c.id = ${id}`);
  return toConsolidation(ctx, rows[0]!);
}

export async function listConsolidations(ctx: AppContext, query: PageQuery): Promise<ConsolidationPage> {
  const { db } = ctx;
  const [{ page }, total] = await Promise.all([
    consolidationList(ctx).page(db, { where: [], sort: '-startedAt' }, query),
    db.query<{ total: string }>(
      sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM consolidation_txs WHERE kind = 'sweep' AND status = 'confirmed'`,
    ),
  ]);
  return { ...page, totalSwept: fromBaseUnits(BigInt(total.rows[0]!.total)) };
}

import { fromBaseUnits, toBaseUnits, type Consolidation, type ConsolidationPage, type ConsolidationTx, type PageQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/service';
import { readSettings } from '../settings/service';
import { AppError, isUniqueViolation } from '../shared/errors';
import { defineList } from '../shared/list-query';
import { chainUnavailable, requireChain } from './service';
import { describeChainError } from './chain-status';
import { sweepDepositAddresses, type ConsolidationTxRow } from './sweep-deposit-addresses';
import { sql } from '../db/sql';

/**
 * Consolidation (PRODUCT.md §6): an admin starts one, the deposit addresses
 * are swept to the treasury (`sweep-deposit-addresses.ts`); a rerun (POST
 * again after a crash, or a failed run) resumes the running consolidation.
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

export function createConsolidationService(ctx: AppContext) {
  const { db } = ctx;

  async function toConsolidation(row: ConsolidationRow): Promise<Consolidation> {
    const { rows } = await db.query<ConsolidationTxRow>(sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ${row.id} ORDER BY id`);
    return shape(row, rows);
  }

  function shape(row: ConsolidationRow, txs: ConsolidationTxRow[]): Consolidation {
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

  /** The consolidations, newest first, each with its transactions. */
  const CONSOLIDATIONS = defineList({
    select: SELECT,
    counted: sql`consolidations c`,
    sorts: { startedAt: 'c.id' },
    tieBreaker: 'c.id',
    async toItems(db, rows: ConsolidationRow[]) {
      const txs = rows.length
        ? (await db.query<ConsolidationTxRow>(sql`SELECT * FROM consolidation_txs WHERE consolidation_id = ANY(${rows.map((r) => r.id)}::bigint[]) ORDER BY id`)).rows
        : [];
      return rows.map((row) => shape(row, txs.filter((t) => Number(t.consolidation_id) === Number(row.id))));
    },
  });

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
        await sweepDepositAddresses(db, chain, id, running.rows[0] ? BigInt(running.rows[0].threshold) : threshold);
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
      const [{ page }, total] = await Promise.all([
        CONSOLIDATIONS.page(db, { where: [], sort: '-startedAt' }, query),
        db.query<{ total: string }>(sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM consolidation_txs WHERE kind = 'sweep' AND status = 'confirmed'`),
      ]);
      return { ...page, totalSwept: fromBaseUnits(BigInt(total.rows[0]!.total)) };
    },
  };
}

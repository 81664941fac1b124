import type { RestoreCheckList } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';

/** The restore checks, newest first, each with its payouts' outcomes (payout/after-restore.ts). */
export async function listRestoreChecks(ctx: AppContext): Promise<RestoreCheckList> {
  const { rows } = await ctx.db.query<{
    id: number;
    restored_at: Date;
    from_block: string | null;
    to_block: string | null;
    status: 'pending' | 'done';
    finished_at: Date | null;
    payouts: {
      payout_id: number;
      withdrawal_id: number;
      outcome: 'found' | 'released' | null;
      tx_hash: string | null;
    }[];
  }>(
    sql`SELECT c.id, c.restored_at, c.from_block::text, c.to_block::text, c.status, c.finished_at,
               COALESCE((SELECT json_agg(json_build_object('payout_id', r.payout_id, 'withdrawal_id', r.withdrawal_id, 'outcome', r.outcome, 'tx_hash', r.tx_hash) ORDER BY r.payout_id)
                           FROM restore_check_payouts r WHERE r.check_id = c.id), '[]'::json) AS payouts
          FROM restore_checks c ORDER BY c.id DESC LIMIT 20`,
  );
  return {
    items: rows.map((c) => ({
      id: Number(c.id),
      restoredAt: new Date(c.restored_at).toISOString(),
      fromBlock: c.from_block,
      toBlock: c.to_block,
      status: c.status,
      finishedAt: c.finished_at ? new Date(c.finished_at).toISOString() : null,
      payouts: c.payouts.map((p) => ({
        payoutId: Number(p.payout_id),
        withdrawalId: Number(p.withdrawal_id),
        outcome: p.outcome,
        txHash: p.tx_hash,
        explorerUrl: p.tx_hash ? (ctx.chain?.explorerTx(p.tx_hash) ?? null) : null,
      })),
    })),
  };
}

import type { Rescan } from '@portal/contract';
import type { AppContext } from '../../context';
import { writeAudit, type Actor } from '../../audit/write-audit';
import { sql } from '../../platform/db/sql';
import { conflict } from '../../shared/errors';
import { readRescan } from './list';

/**
 * An admin stops a running rescan (audited). The UPDATE waits for a chunk
 * being recorded (chunk.ts locks the row first), so the chunk either
 * committed before it, credited and counted, or finds the rescan cancelled
 * and records nothing. What it credited stays credited.
 */
export async function cancelRescan(ctx: AppContext, actor: Actor, id: number): Promise<Rescan> {
  const cancelled = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ next_block: string }>(
      sql`UPDATE deposit_rescans SET status = 'cancelled', cancelled_by = ${actor.userId}, finished_at = now(), updated_at = now(), leased_until = NULL
           WHERE id = ${id} AND status = 'running' RETURNING next_block::text`,
    );
    if (!rows[0]) return false;
    await writeAudit(tx, {
      actor,
      action: 'deposit_rescan.cancel',
      targetType: 'deposit_rescan',
      targetId: id,
      details: { nextBlock: rows[0].next_block },
    });
    return true;
  });
  const rescan = await readRescan(ctx, id); // 404 for an unknown id
  if (!cancelled)
    throw conflict(
      'RESCAN_NOT_RUNNING',
      `Rescan #${id} is not running any more (${rescan.status}): nothing to cancel.`,
    );
  return rescan;
}

import type { PendingChange } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { conflict, forbidden, notFound } from '../shared/errors';
import { changeRow, toChange, type ChangeRow } from './store';
import { mailChange } from './mail';

async function pendingRow(tx: Sql, id: number): Promise<ChangeRow> {
  const row = await changeRow(tx, id, true);
  if (!row) throw notFound('CHANGE_NOT_FOUND', `There is no pending change #${id}.`);
  if (row.status !== 'pending') {
    throw conflict(
      'CHANGE_NOT_PENDING',
      `Change #${id} is ${row.status === 'applied' ? 'in force' : row.status} already.`,
    );
  }
  return row;
}

/**
 * Another admin confirms a pending change (the route has checked their
 * two-factor). It still takes effect only once due: `applyDue` runs after.
 */
export async function confirmChange(ctx: AppContext, actor: Actor, id: number): Promise<PendingChange> {
  const change = await ctx.db.transaction(async (tx) => {
    const row = await pendingRow(tx, id);
    if (Number(row.proposed_by) === actor.userId) {
      throw forbidden('CHANGE_OWN_PROPOSAL', 'You proposed this change: another admin must confirm it.');
    }
    if (row.confirmed_by !== null) {
      throw conflict('CHANGE_CONFIRMED_ALREADY', `Change #${id} was confirmed by ${row.confirmed_by_name} already.`);
    }
    await tx.query(
      sql`UPDATE pending_changes SET confirmed_by = ${actor.userId}, confirmed_at = ${ctx.now()} WHERE id = ${id}`,
    );
    await writeAudit(tx, {
      actor,
      action: 'change.confirm',
      targetType: 'change',
      targetId: id,
      details: { summary: row.summary },
    });
    return toChange((await changeRow(tx, id))!);
  });
  await mailChange(ctx, change, 'confirmed');
  return change;
}

/** Any admin (the proposer too) cancels a pending change: it never takes effect. */
export async function cancelChange(ctx: AppContext, actor: Actor, id: number): Promise<PendingChange> {
  const change = await ctx.db.transaction(async (tx) => {
    const row = await pendingRow(tx, id);
    await tx.query(
      sql`UPDATE pending_changes SET status = 'cancelled', ended_by = ${actor.userId}, ended_at = ${ctx.now()} WHERE id = ${id}`,
    );
    await writeAudit(tx, {
      actor,
      action: 'change.cancel',
      targetType: 'change',
      targetId: id,
      details: { summary: row.summary },
    });
    return toChange((await changeRow(tx, id))!);
  });
  await mailChange(ctx, change, 'cancelled');
  return change;
}

import type { PendingChange, PendingChangeKind } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { changeRow, toChange } from './store';
import { mailChange } from './mail';

/**
 * What a kind of change does when it takes effect, in the transaction that
 * marks it applied, as its proposer (`actor`). Answers null when it applied,
 * or why it could not (the entry is gone, the name is taken) — checked
 * before it writes anything. The domains provide them (pending-changes.ts).
 */
export type ChangeApplier = (
  tx: Sql,
  payload: Record<string, unknown>,
  actor: Actor,
  context: {
    changeId: number;
    confirmedBy: number | null;
    now: Date;
    /** The portal's settings and mailer; every statement goes through `tx`. */
    ctx: AppContext;
    /** Runs `effect` once the change committed: a mail whose link needs the rows written (admin-users/invite.ts). */
    afterCommit(effect: () => Promise<void>): void;
  },
) => Promise<string | null>;

export type ChangeAppliers = Record<PendingChangeKind, ChangeApplier>;

/**
 * Applies one change that is due (confirmed, or needing no confirmation, and
 * past its delay), once across processes: its row is claimed with
 * FOR UPDATE SKIP LOCKED and leaves 'pending' in the same transaction, so a
 * second process (or a read racing the job) finds nothing to do.
 */
async function applyOne(
  ctx: AppContext,
  appliers: ChangeAppliers,
): Promise<{ change: PendingChange; effects: Array<() => Promise<void>> } | undefined> {
  const effects: Array<() => Promise<void>> = [];
  const change = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { rows } = await tx.query<{ id: number }>(
      sql`SELECT id FROM pending_changes
           WHERE status = 'pending' AND due_at <= ${now} AND (confirmed_by IS NOT NULL OR NOT needs_confirmation)
           ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!rows[0]) return undefined;
    const row = (await changeRow(tx, rows[0].id))!;
    const actor: Actor = { userId: Number(row.proposed_by), ip: null };
    const confirmedBy = row.confirmed_by === null ? null : Number(row.confirmed_by);
    const failure = await appliers[row.kind](tx, row.payload, actor, {
      changeId: Number(row.id),
      confirmedBy,
      now,
      ctx,
      afterCommit: (effect) => effects.push(effect),
    });
    await tx.query(
      sql`UPDATE pending_changes SET status = ${failure ? 'failed' : 'applied'}, ended_at = ${now}, outcome = ${failure}
           WHERE id = ${row.id}`,
    );
    await writeAudit(tx, {
      actor: { userId: null, ip: null },
      action: failure ? 'change.fail' : 'change.apply',
      targetType: 'change',
      targetId: Number(row.id),
      details: {
        summary: row.summary,
        proposedBy: row.proposed_by_name,
        confirmedBy: row.confirmed_by_name,
        unconfirmed: confirmedBy === null,
        ...(failure ? { outcome: failure } : {}),
      },
    });
    return toChange((await changeRow(tx, row.id))!);
  });
  return change && { change, effects };
}

/**
 * Applies every change that is due, each in its own transaction, runs what
 * its applier left for after the commit and tells the admins; answers how
 * many. A failed effect is logged: the change is in force, and the next
 * ones still apply.
 */
export async function applyDueChanges(ctx: AppContext, appliers: ChangeAppliers): Promise<number> {
  let count = 0;
  for (let applied = await applyOne(ctx, appliers); applied; applied = await applyOne(ctx, appliers)) {
    count += 1;
    const { change, effects } = applied;
    for (const effect of effects) {
      await effect().catch((error: unknown) =>
        ctx.log.warn({ err: error, change: change.id }, 'pending change in force; its follow-up failed'),
      );
    }
    await mailChange(ctx, change, change.status === 'applied' ? 'applied' : 'failed');
  }
  return count;
}

import type { PendingChange, PendingChangeKind } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { changeRow, toChange } from './store';

export interface Proposal {
  kind: PendingChangeKind;
  /** What applies when it falls due (migrations/0043_pending_changes.sql says each kind's). */
  payload: Record<string, unknown>;
  summary: string;
  /** The delay in force (`changeDelayHours`), read by the caller with the rest of its settings. */
  delayHours: string;
}

/**
 * Holds a loosening change in the caller's transaction: it waits for another
 * admin to confirm it and for the delay. Where no other active admin exists
 * it needs no confirmation and applies when due, audited as unconfirmed.
 * The caller mails the admins (`mailChange`) once its transaction committed.
 */
export async function proposeChange(tx: Sql, actor: Actor, now: Date, proposal: Proposal): Promise<PendingChange> {
  const due = new Date(now.getTime() + Number(proposal.delayHours) * 3_600_000);
  const { rows } = await tx.query<{ id: number }>(
    sql`INSERT INTO pending_changes (kind, payload, summary, proposed_by, proposed_at, due_at, needs_confirmation)
        VALUES (${proposal.kind}, ${JSON.stringify(proposal.payload)}::jsonb, ${proposal.summary}, ${actor.userId}, ${now}, ${due},
                EXISTS (SELECT 1 FROM users WHERE role = 'admin' AND status = 'active' AND id <> ${actor.userId}))
        RETURNING id`,
  );
  const change = toChange((await changeRow(tx, rows[0]!.id))!);
  await writeAudit(tx, {
    actor,
    action: 'change.propose',
    targetType: 'change',
    targetId: change.id,
    details: {
      kind: change.kind,
      summary: change.summary,
      dueAt: change.dueAt,
      needsConfirmation: change.needsConfirmation,
    },
  });
  return change;
}

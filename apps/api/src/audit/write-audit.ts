import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** Who does an admin action, and from where: recorded with the action. */
export interface Actor {
  userId: number;
  ip: string | null;
}

export interface AuditInput {
  /** Who acted; `userId` is null for what no signed-in account did (a throttle, a second-factor lock). */
  actor: Actor | { userId: null; ip: string | null };
  /** `noun.verb`: member.adjust, user.block, settings.update, … */
  action: string;
  targetType?: string;
  /** One target, or several: one row each, with the same details. */
  targetId?: string | number | ReadonlyArray<string | number>;
  details?: Record<string, unknown>;
}

/** Writes the audit rows of one action, in the caller's transaction: the record and the action commit together. */
export async function writeAudit(db: Sql, input: AuditInput): Promise<void> {
  const { actor, action, targetType = null, targetId } = input;
  const details = JSON.stringify(input.details ?? {});
  if (typeof targetId === 'object') {
    await db.query(
      sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
          SELECT ${actor.userId}, ${action}, ${targetType}, id, ${details}, ${actor.ip} FROM unnest(${targetId.map(String)}::text[]) AS id`,
    );
    return;
  }
  await db.query(
    sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip) VALUES (${actor.userId}, ${action}, ${targetType}, ${targetId === undefined ? null : String(targetId)}, ${details}, ${actor.ip})`,
  );
}

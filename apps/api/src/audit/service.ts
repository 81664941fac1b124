import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/database';
import { principalOf } from '../http/guard';
import { sql } from '../db/sql';

/** Who does an admin action, and from where: recorded with the action. */
export interface Actor {
  userId: number;
  ip: string | null;
}

export const actorOf = (request: FastifyRequest): Actor => ({ userId: principalOf(request).userId, ip: request.ip ?? null });

export interface AuditInput {
  actor: Actor;
  /** `noun.verb`: member.adjust, user.block, settings.update, … */
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/** Writes one audit row, in the caller's transaction: the record and the action commit together. */
export async function writeAudit(db: Sql, input: AuditInput): Promise<void> {
  await db.query(
    sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip) VALUES (${input.actor.userId}, ${input.action}, ${input.targetType ?? null}, ${input.targetId === undefined ? null : String(input.targetId)}, ${JSON.stringify(input.details ?? {})}, ${input.actor.ip})`,
  );
}

import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { principalOf } from '../auth/guard';
import { orderBy, pageClause, SqlFilter, whereDays } from '../shared/sql-filter';

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
export async function writeAudit(sql: Sql, input: AuditInput): Promise<void> {
  await sql.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
    [input.actor.userId, input.action, input.targetType ?? null, input.targetId === undefined ? null : String(input.targetId), JSON.stringify(input.details ?? {}), input.actor.ip],
  );
}

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
}

const SORTS = { createdAt: 'l.created_at', action: 'l.action' } as const;

function filterOf(query: AuditQuery): SqlFilter {
  const filter = new SqlFilter();
  if (query.action) filter.where(`l.action = ${filter.param(query.action)}`);
  if (query.actor) filter.where(`lower(a.username) = lower(${filter.param(query.actor)})`);
  if (query.targetType) filter.where(`l.target_type = ${filter.param(query.targetType)}`);
  if (query.targetId) filter.where(`l.target_id = ${filter.param(query.targetId)}`);
  whereDays(filter, 'l.created_at', query.from, query.to);
  return filter;
}

export async function countAudit(sql: Sql, query: AuditQuery): Promise<number> {
  const filter = filterOf(query);
  const { rows } = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM audit_log l LEFT JOIN users a ON a.id = l.actor_id ${filter.sql}`,
    filter.params,
  );
  return rows[0]!.total;
}

export async function listAudit(sql: Sql, query: AuditQuery, window: { limit: number; offset: number }): Promise<AuditEntry[]> {
  const filter = filterOf(query);
  const { rows } = await sql.query<AuditRow>(
    `SELECT l.id, l.actor_id, a.username AS actor_username, l.action, l.target_type, l.target_id, l.details, l.ip, l.created_at
       FROM audit_log l LEFT JOIN users a ON a.id = l.actor_id
       ${filter.sql}
      ${orderBy(query.sort, SORTS, 'l.id')} ${pageClause(filter, window)}`,
    filter.params,
  );
  return rows.map((row) => ({
    id: row.id,
    actor: row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username ?? '' },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details ?? {},
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

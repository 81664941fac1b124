import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { principalOf } from '../auth/guard';
import { inBatches, type CsvColumn } from '../shared/csv';
import { csvFile, listPage, type ListAnswer } from '../shared/list-reply';
import { pageWindow } from '../shared/pagination';
import { countAudit, listAudit } from './queries';
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

const CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'id', value: (e) => e.id, raw: true },
  { header: 'created_at', value: (e) => e.createdAt },
  { header: 'actor', value: (e) => e.actor?.username },
  { header: 'action', value: (e) => e.action },
  { header: 'target_type', value: (e) => e.targetType },
  { header: 'target_id', value: (e) => e.targetId },
  { header: 'details', value: (e) => JSON.stringify(e.details) },
  { header: 'ip', value: (e) => e.ip },
];

/** The audit log: a page, or with `format=csv` the whole filtered list in the same order. */
export async function auditLog(db: Sql, now: Date, query: AuditQuery): Promise<ListAnswer<AuditEntry>> {
  if (query.format === 'csv') {
    return csvFile('audit-log', now, CSV_COLUMNS, inBatches((offset, limit) => listAudit(db, query, { offset, limit })));
  }
  const [total, items] = await Promise.all([countAudit(db, query), listAudit(db, query, pageWindow(query))]);
  return listPage(items, total, query);
}

import type { AuditEntry, AuditQuery } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import { betweenDays } from '../shared/sql-list';

/** The audit log as admins read it: who (actor), what (action, details), to whom (subject). */
interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  subject_id: number | null;
  subject_username: string | null;
  subject_is_member: boolean | null;
  ip: string | null;
  created_at: Date;
}

const SORTS = { createdAt: 'l.created_at', action: 'l.action' } as const;

/**
 * The account an action was done to: the target when it is a member or a
 * user, else the `member` of the details (a redemption's). Ids are checked
 * to be numbers before the cast, so a throttled username never breaks it.
 */
const SUBJECT_ID = sql`CASE
    WHEN l.target_type IN ('member', 'user') AND l.target_id ~ '^[0-9]{1,18}$' THEN l.target_id::bigint
    WHEN jsonb_typeof(l.details -> 'member') = 'number' THEN (l.details ->> 'member')::bigint
  END`;

function filterOf(query: AuditQuery): ListFilter<AuditRow> {
  return {
    where: [
      query.action ? sql`l.action = ${query.action}` : undefined,
      query.actor ? sql`lower(a.username) = lower(${query.actor})` : undefined,
      query.targetType ? sql`l.target_type = ${query.targetType}` : undefined,
      query.targetId ? sql`l.target_id = ${query.targetId}` : undefined,
      ...betweenDays(sql`l.created_at`, query.from, query.to),
    ],
    sort: query.sort,
  };
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

const AUDIT_LOG = defineList({
  select: sql`SELECT l.id, l.actor_id, a.username AS actor_username, l.action, l.target_type, l.target_id, l.details, l.ip, l.created_at,
         t.id AS subject_id, t.username AS subject_username,
         EXISTS (SELECT 1 FROM members m WHERE m.user_id = t.id) AS subject_is_member
    FROM audit_log l
    LEFT JOIN users a ON a.id = l.actor_id
    LEFT JOIN users t ON t.id = ${SUBJECT_ID}`,
  counted: sql`audit_log l LEFT JOIN users a ON a.id = l.actor_id`,
  sorts: SORTS,
  tieBreaker: 'l.id',
  keyOf: (row) => row.id,
  toItem: toAuditEntry,
  csv: { name: 'audit-log', columns: CSV_COLUMNS },
});

/** The audit log: a page, or with `format=csv` the whole filtered list in the same order. */
export const auditLog = (db: Sql, now: Date, query: AuditQuery) => AUDIT_LOG.answer(db, filterOf(query), query, now);

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    actor: row.actor_id === null ? null : { id: Number(row.actor_id), username: row.actor_username ?? '' },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details ?? {},
    subject:
      row.subject_id === null
        ? null
        : {
            id: Number(row.subject_id),
            username: row.subject_username ?? '',
            isMember: Boolean(row.subject_is_member),
          },
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

import type { PageQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { pageResult, pageWindow } from '../shared/pagination';
import { redactSecrets } from './redact';
import { sql } from '../db/sql';
import { pageClause, where } from '../shared/sql-list';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
  total: number;
}

/**
 * The mail kept in the outbox (no SMTP server), newest first, optionally for
 * one address, with its secrets redacted (stored redacted; redacted again
 * here for rows kept before that): a reset link is for its recipient only.
 */
export async function outboxPage(db: Sql, query: PageQuery & { to?: string }) {
  const { limit, offset } = pageWindow(query);
  const { rows } = await db.query<OutboxRow>(
    sql`SELECT id, to_address, subject, body, created_at, count(*) OVER () AS total
       FROM mail_outbox
      ${where(query.to === undefined ? undefined : sql`lower(to_address) = lower(${query.to})`)}
      ORDER BY id DESC ${pageClause({ limit, offset })}`,
  );
  const items: OutboxMail[] = rows.map((row) => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    body: redactSecrets(row.body),
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return pageResult(items, Number(rows[0]?.total ?? 0), query);
}

import type { PageQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { pageResult, pageWindow } from '../shared/pagination';
import { redactSecrets } from './redact';

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
export async function outboxPage(sql: Sql, query: PageQuery & { to?: string }) {
  const { limit, offset } = pageWindow(query);
  const { rows } = await sql.query<OutboxRow>(
    `SELECT id, to_address, subject, body, created_at, count(*) OVER () AS total
       FROM mail_outbox
      WHERE $1::text IS NULL OR lower(to_address) = lower($1)
      ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [query.to ?? null, limit, offset],
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

import type { OutboxMail, OutboxQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { defineList } from '../../shared/list-query';
import type { ListAnswer } from '../../shared/list-reply';
import { redactSecrets } from './redact';
import { sql } from '../db/sql';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
}

const OUTBOX = defineList({
  select: sql`SELECT id, to_address, subject, body, created_at FROM mail_outbox`,
  counted: sql`mail_outbox`,
  sorts: { createdAt: 'id' },
  tieBreaker: 'id',
  toItem: (row: OutboxRow): OutboxMail => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    body: redactSecrets(row.body),
    createdAt: new Date(row.created_at).toISOString(),
  }),
});

/**
 * The mail kept in the outbox (no SMTP server), newest first, optionally for
 * one address, with its secrets redacted (stored redacted; redacted again
 * here for rows kept before that): a reset link is for its recipient only.
 */
export function outboxPage(db: Sql, query: OutboxQuery): Promise<ListAnswer<OutboxMail>> {
  const where = [query.to === undefined ? undefined : sql`lower(to_address) = lower(${query.to})`];
  return OUTBOX.page(db, { where, sort: '-createdAt' }, query);
}

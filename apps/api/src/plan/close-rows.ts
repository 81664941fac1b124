import { fromBaseUnits, type CloseResult } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { bvText } from '../shared/bv';

/**
 * A close as the API shows it: its row in `matching_closes` and, for a
 * close computed for review, its pay (`matching_close_payments`, migration
 * 0034). A close paid at once was paid at its own moment; a reviewed one
 * when its pay ran, and is `in_review` until then.
 */
export interface CloseRow {
  close_date: string;
  closed_at: Date;
  days: number;
  rate: string;
  members: number;
  matched: string;
  paid: string;
  flushed: string;
  events: number;
  paid_at: Date | null;
  pay_after: Date | null;
  review_threshold: string | null;
}

export const CLOSE_SELECT = sql`SELECT to_char(c.close_date, 'YYYY-MM-DD') AS close_date, c.closed_at, c.days, c.rate, c.members,
       c.matched::text AS matched, c.paid::text AS paid, c.flushed::text AS flushed, c.events,
       CASE WHEN c.review THEN p.paid_at ELSE c.closed_at END AS paid_at, c.pay_after, c.review_threshold::text AS review_threshold
  FROM matching_closes c LEFT JOIN matching_close_payments p ON p.close_date = c.close_date`;

export async function readClose(tx: Sql, date: string): Promise<CloseRow | undefined> {
  return (await tx.query<CloseRow>(sql`${CLOSE_SELECT} WHERE c.close_date = ${date}`)).rows[0];
}

const iso = (at: Date | null): string | null => (at === null ? null : new Date(at).toISOString());

export function toCloseResult(row: CloseRow): Omit<CloseResult, 'created'> {
  return {
    date: row.close_date,
    closedAt: new Date(row.closed_at).toISOString(),
    days: row.days,
    rate: row.rate,
    members: row.members,
    matched: bvText(row.matched),
    paid: fromBaseUnits(BigInt(row.paid)),
    flushed: fromBaseUnits(BigInt(row.flushed)),
    events: row.events,
    state: row.paid_at === null ? 'in_review' : 'paid',
    paidAt: iso(row.paid_at),
    payAfter: row.paid_at === null ? iso(row.pay_after) : null,
  };
}

/** The close computed and not paid yet, if any (at most one: a close refuses to run while one waits). */
export async function closeInReview(tx: Sql): Promise<{ date: string; payAfter: Date | null } | undefined> {
  const { rows } = await tx.query<InReviewRow>(CLOSE_IN_REVIEW);
  return inReviewOf(rows[0]);
}

/** `CLOSE_IN_REVIEW`'s row (`pay_after` as text when read as JSON). */
export interface InReviewRow {
  date: string;
  pay_after: Date | string | null;
}

/** The statement of `closeInReview` (the member dashboard embeds it). */
export const CLOSE_IN_REVIEW = sql`SELECT to_char(close_date, 'YYYY-MM-DD') AS date, pay_after FROM matching_closes_in_review ORDER BY close_date LIMIT 1`;

/** `closeInReview`'s answer from its row. */
export function inReviewOf(row: InReviewRow | null | undefined): { date: string; payAfter: Date | null } | undefined {
  return row ? { date: row.date, payAfter: row.pay_after === null ? null : new Date(row.pay_after) } : undefined;
}

import type { IdentityReview, IdentityReviewListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { containsPattern } from '../shared/sql-list';
import { CHECK_SELECT, toReviews, type CheckRow } from './rows';

const CSV_COLUMNS: CsvColumn<IdentityReview>[] = [
  { header: 'user_id', value: (r) => r.id },
  { header: 'username', value: (r) => r.username },
  { header: 'full_name', value: (r) => r.fullName },
  { header: 'status', value: (r) => r.status },
  { header: 'submission', value: (r) => r.submission },
  { header: 'submitted_at', value: (r) => r.submittedAt },
  { header: 'decided_at', value: (r) => r.decidedAt },
  { header: 'decided_by', value: (r) => r.decidedBy },
  { header: 'reason', value: (r) => r.reason },
];

const REVIEWS = defineList({
  select: CHECK_SELECT,
  counted: sql`identity_checks c JOIN users u ON u.id = c.user_id`,
  sorts: { submittedAt: 'c.submitted_at', username: 'u.username' },
  tieBreaker: 'c.user_id',
  keyOf: (row: CheckRow) => row.id,
  toItems: toReviews,
  csv: { name: 'identity-checks', columns: CSV_COLUMNS },
});

/** The review queue: every member's identity check, filtered by status and name, with its current documents. */
export function listIdentityReviews(
  ctx: AppContext,
  query: IdentityReviewListQuery,
): Promise<ListAnswer<IdentityReview>> {
  const search = query.search ? containsPattern(query.search.toLowerCase()) : undefined;
  const where = [
    search ? sql`(lower(u.username) LIKE ${search} OR lower(u.full_name) LIKE ${search})` : undefined,
    query.status ? sql`c.status = ANY(${query.status}::text[])` : undefined,
  ];
  return REVIEWS.answer(ctx.db, { where, sort: query.sort }, query, ctx.now());
}

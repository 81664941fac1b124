import {
  identitySides,
  type IdentityDocument,
  type IdentityReview,
  type IdentitySide,
  type IdentityStatus,
} from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';

/** A member's identity check as the review queue reads it (migration 0058_identity_checks.sql). */
export interface CheckRow {
  id: number;
  username: string;
  full_name: string;
  status: Exclude<IdentityStatus, 'none'>;
  submission: number;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
  reason: string | null;
}

export const CHECK_SELECT = sql`SELECT c.user_id AS id, u.username, u.full_name, c.status, c.submission, c.submitted_at,
         c.decided_at, d.username AS decided_by, c.reason
    FROM identity_checks c JOIN users u ON u.id = c.user_id LEFT JOIN users d ON d.id = c.decided_by`;

interface DocumentRow {
  id: number;
  user_id: number;
  side: IdentitySide;
  width: number;
  height: number;
  uploaded_at: Date;
}

export const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** The documents of each member's current submission: the latest upload of each side, in the order front, back, selfie. */
export async function currentDocuments(db: Sql, userIds: number[]): Promise<Map<number, IdentityDocument[]>> {
  const byUser = new Map<number, IdentityDocument[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<DocumentRow>(
    sql`SELECT DISTINCT ON (d.user_id, d.side) d.id, d.user_id, d.side, d.width, d.height, d.uploaded_at
          FROM identity_documents d JOIN identity_checks c ON c.user_id = d.user_id AND c.submission = d.submission
         WHERE d.user_id = ANY(${userIds}::bigint[])
         ORDER BY d.user_id, d.side, d.id DESC`,
  );
  for (const row of rows) {
    byUser.get(Number(row.user_id))?.push({
      id: Number(row.id),
      side: row.side,
      width: row.width,
      height: row.height,
      uploadedAt: new Date(row.uploaded_at).toISOString(),
    });
  }
  for (const documents of byUser.values())
    documents.sort((a, b) => identitySides.indexOf(a.side) - identitySides.indexOf(b.side));
  return byUser;
}

/** The review queue's items, each with its current documents (names and sizes only, never the pictures). */
export async function toReviews(db: Sql, rows: CheckRow[]): Promise<IdentityReview[]> {
  const documents = await currentDocuments(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    fullName: row.full_name,
    status: row.status,
    submission: row.submission,
    submittedAt: iso(row.submitted_at),
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by,
    reason: row.reason,
    documents: documents.get(Number(row.id)) ?? [],
  }));
}

export const checkNotFound = () =>
  notFound('IDENTITY_CHECK_NOT_FOUND', 'This member has not uploaded any identity documents.');

/** One member's check as the queue lists it; IDENTITY_CHECK_NOT_FOUND when they never uploaded. */
export async function reviewOf(db: Sql, userId: number): Promise<IdentityReview> {
  const { rows } = await db.query<CheckRow>(sql`${CHECK_SELECT} WHERE c.user_id = ${userId}`);
  if (!rows[0]) throw checkNotFound();
  return (await toReviews(db, rows))[0]!;
}

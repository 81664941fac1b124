import { identitySides, type IdentitySide, type IdentityStatusAnswer } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { conflict } from '../shared/errors';
import { storeIdentityDocument } from './document-files';
import { readIdentityStatus } from './read-identity-status';

/**
 * A member uploads one side of their identity check. The picture is checked
 * and stored first (content-addressed, so a failed transaction leaves only an
 * unnamed file); then, under the check's row lock, the side joins the current
 * submission. After a rejection the next upload starts a new submission; once
 * the three sides are in, the check waits for an admin (`pending`).
 */
export async function uploadIdentityDocument(
  ctx: AppContext,
  userId: number,
  side: IdentitySide,
  upload: Buffer,
): Promise<IdentityStatusAnswer> {
  await refuseIfApproved(ctx, userId);
  const image = await storeIdentityDocument(ctx.config.identityDir, upload);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      sql`INSERT INTO identity_checks (user_id, status, updated_at) VALUES (${userId}, 'incomplete', ${now})
          ON CONFLICT (user_id) DO NOTHING`,
    );
    const check = (
      await tx.query<{ status: string; submission: number }>(
        sql`SELECT status, submission FROM identity_checks WHERE user_id = ${userId} FOR UPDATE`,
      )
    ).rows[0]!;
    if (check.status === 'approved') throw alreadyApproved();
    const submission = check.status === 'rejected' ? check.submission + 1 : check.submission;
    await tx.query(
      sql`INSERT INTO identity_documents (user_id, submission, side, file_hash, width, height, bytes, uploaded_at)
          VALUES (${userId}, ${submission}, ${side}, ${image.hash}, ${image.width}, ${image.height}, ${image.data.length}, ${now})`,
    );
    const sides = await tx.query<{ side: string }>(
      sql`SELECT DISTINCT side FROM identity_documents WHERE user_id = ${userId} AND submission = ${submission}`,
    );
    const complete = identitySides.every((one) => sides.rows.some((row) => row.side === one));
    const status = complete ? 'pending' : 'incomplete';
    // A side sent again while pending keeps the check's place in the queue.
    await tx.query(
      sql`UPDATE identity_checks
             SET status = ${status}, submission = ${submission}, updated_at = ${now},
                 submitted_at = CASE WHEN ${complete}::boolean THEN coalesce(CASE WHEN status = 'pending' THEN submitted_at END, ${now}::timestamptz) END,
                 decided_at = NULL, decided_by = NULL, reason = NULL
           WHERE user_id = ${userId}`,
    );
    return readIdentityStatus(ctx, userId, tx);
  });
}

const alreadyApproved = () =>
  conflict('IDENTITY_ALREADY_APPROVED', 'Your identity is already verified: there is nothing more to upload.', 'image');

async function refuseIfApproved(ctx: AppContext, userId: number): Promise<void> {
  const { rows } = await ctx.db.query<{ one: number }>(
    sql`SELECT 1 AS one FROM identity_checks WHERE user_id = ${userId} AND status = 'approved'`,
  );
  if (rows[0]) throw alreadyApproved();
}

import type { IdentityDecision, IdentityReview } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { sql } from '../platform/db/sql';
import { conflict, unprocessable } from '../shared/errors';
import { checkNotFound, reviewOf } from './rows';

/**
 * An admin approves a member's pending identity check, or rejects it with a
 * reason the member reads (their next upload starts a new submission). No
 * admin decides their own check (docs/decisions/0050-no-admin-acts-on-their-own-money.md:
 * it opens their withdrawals). Audited with the submission decided.
 */
export async function decideIdentityReview(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  decision: IdentityDecision,
): Promise<IdentityReview> {
  if (actor.userId === userId) {
    throw unprocessable('CANNOT_CHANGE_SELF', 'Another admin decides your own identity check.');
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; submission: number }>(
      sql`SELECT status, submission FROM identity_checks WHERE user_id = ${userId} FOR UPDATE`,
    );
    const check = rows[0];
    if (!check) throw checkNotFound();
    if (check.status !== 'pending') {
      throw conflict(
        'IDENTITY_CHECK_NOT_PENDING',
        check.status === 'incomplete'
          ? 'This identity check is not complete yet: the member has not uploaded every side.'
          : `This identity check was already ${check.status}.`,
      );
    }
    const approved = decision.decision === 'approve';
    const reason = approved ? null : decision.reason!;
    await tx.query(
      sql`UPDATE identity_checks
             SET status = ${approved ? 'approved' : 'rejected'}, decided_at = ${now}, decided_by = ${actor.userId},
                 reason = ${reason}, updated_at = ${now}
           WHERE user_id = ${userId}`,
    );
    await writeAudit(tx, {
      actor,
      action: approved ? 'identity.approve' : 'identity.reject',
      targetType: 'user',
      targetId: userId,
      details: { submission: check.submission, ...(reason ? { reason } : {}) },
    });
    return reviewOf(tx, userId);
  });
}

import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { revokeUserSessions } from '../auth/sessions';
import { AppError } from '../shared/errors';
import { recordSecurityEvent } from '../users/security-events';

/**
 * Signs out one of the account's own sessions (`by`: the session asking): revoked, so its access token
 * is refused from the next request (the guard reads the session,
 * platform/http/guard.ts) and its refresh token renews nothing. Another
 * account's session, or one already ended, is not found.
 */
export async function endSession(ctx: AppContext, userId: number, sessionId: string, by: string): Promise<void> {
  const rowCount = await ctx.db.transaction(async (tx) => {
    const ended = await tx.query(
      sql`UPDATE auth_sessions SET revoked_at = now() WHERE id = ${sessionId} AND user_id = ${userId} AND revoked_at IS NULL`,
    );
    if (ended.rowCount > 0) await recordSecurityEvent(tx, userId, 'session_ended', by);
    return ended.rowCount;
  });
  if (rowCount === 0) throw new AppError(404, 'SESSION_NOT_FOUND', 'No session of yours in force has this id.');
}

/** Signs out everywhere else: every session of the account but the one asking. */
export async function endOtherSessions(ctx: AppContext, userId: number, currentId: string): Promise<{ ended: number }> {
  return ctx.db.transaction(async (tx) => {
    const rowCount = await revokeUserSessions(tx, userId, currentId);
    if (rowCount > 0) await recordSecurityEvent(tx, userId, 'other_sessions_ended', currentId);
    return { ended: rowCount };
  });
}

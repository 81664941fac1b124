import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { AppError } from '../shared/errors';

/**
 * Signs out one of the account's own sessions: revoked, so its access token
 * is refused from the next request (the guard reads the session,
 * platform/http/guard.ts) and its refresh token renews nothing. Another
 * account's session, or one already ended, is not found.
 */
export async function endSession(ctx: AppContext, userId: number, sessionId: string): Promise<void> {
  const { rowCount } = await ctx.db.query(
    sql`UPDATE auth_sessions SET revoked_at = now() WHERE id = ${sessionId} AND user_id = ${userId} AND revoked_at IS NULL`,
  );
  if (rowCount === 0) throw new AppError(404, 'SESSION_NOT_FOUND', 'No session of yours in force has this id.');
}

/** Signs out everywhere else: every session of the account but the one asking. */
export async function endOtherSessions(ctx: AppContext, userId: number, currentId: string): Promise<{ ended: number }> {
  const { rowCount } = await ctx.db.query(
    sql`UPDATE auth_sessions SET revoked_at = now()
         WHERE user_id = ${userId} AND revoked_at IS NULL AND id <> ${currentId}`,
  );
  return { ended: rowCount };
}

import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { hashToken, newOpaqueToken } from './tokens';

/** A sign-in's session; `viewedBy`: a support view's admin (admin-users/start-support-view.ts). */
export async function createSession(
  db: Sql,
  userId: number,
  client: { ip: string; userAgent?: string },
  viewedBy: number | null = null,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    sql`INSERT INTO auth_sessions (user_id, ip, user_agent, viewed_by) VALUES (${userId}, ${client.ip}, ${client.userAgent?.slice(0, 300) ?? null}, ${viewedBy}) RETURNING id`,
  );
  return rows[0]!.id;
}

export async function issueRefreshToken(db: Sql, sessionId: string, expiresAt: Date): Promise<string> {
  const token = newOpaqueToken();
  await db.query(
    sql`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES (${hashToken(token)}, ${sessionId}, ${expiresAt})`,
  );
  return token;
}

export async function revokeSession(db: Sql, sessionId: string): Promise<void> {
  await db.query(sql`UPDATE auth_sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
}

/**
 * Ends every sign-in of a user, except `keepSessionId` when given (the one changing its own password), and the
 * support views the user opened as an admin; how many of the user's own sign-ins it ended.
 */
export async function revokeUserSessions(db: Sql, userId: number, keepSessionId?: string): Promise<number> {
  const { rowCount } = await db.query(
    sql`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL AND id IS DISTINCT FROM ${keepSessionId ?? null}`,
  );
  await revokeSupportViewsBy(db, userId);
  return rowCount;
}

/** Ends the support views an admin has open (admin-users/start-support-view.ts): blocked, signed out or no longer an admin. */
export async function revokeSupportViewsBy(db: Sql, adminId: number): Promise<void> {
  await db.query(sql`UPDATE auth_sessions SET revoked_at = now() WHERE viewed_by = ${adminId} AND revoked_at IS NULL`);
}

export interface SessionState {
  user_id: number;
  role: 'admin' | 'member';
  status: 'active' | 'blocked';
  revoked: boolean;
  is_member: boolean;
}

/**
 * The guard's look-up on every signed-in request (platform/http/guard.ts). Prepared: planning this join cost the server about
 * three times what running it does (docs/decisions/0048-dashboard-cpu-per-answer.md).
 */
export async function findSessionState(db: Sql, sessionId: string): Promise<SessionState | undefined> {
  const { rows } = await db.query<SessionState>(
    sql.prepared(sql`SELECT s.user_id, u.role, u.status, (s.revoked_at IS NOT NULL) AS revoked, (m.user_id IS NOT NULL) AS is_member
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN members m ON m.user_id = s.user_id
      WHERE s.id = ${sessionId}`),
  );
  return rows[0];
}

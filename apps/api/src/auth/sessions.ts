import type { Sql } from '../db/database';
import { hashToken, newOpaqueToken } from './tokens';

export async function createSession(
  sql: Sql,
  userId: number,
  client: { ip: string; userAgent?: string },
): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    'INSERT INTO auth_sessions (user_id, ip, user_agent) VALUES ($1, $2, $3) RETURNING id',
    [userId, client.ip, client.userAgent?.slice(0, 300) ?? null],
  );
  return rows[0]!.id;
}

export async function issueRefreshToken(sql: Sql, sessionId: string, expiresAt: Date): Promise<string> {
  const token = newOpaqueToken();
  await sql.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    sessionId,
    expiresAt,
  ]);
  return token;
}

export async function revokeSession(sql: Sql, sessionId: string): Promise<void> {
  await sql.query('UPDATE auth_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Ends every sign-in of a user, except `keepSessionId` when given (the one changing its own password). */
export async function revokeUserSessions(sql: Sql, userId: number, keepSessionId?: string): Promise<void> {
  await sql.query(
    'UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
    [userId, keepSessionId ?? null],
  );
}

export interface SessionState {
  user_id: number;
  role: 'admin' | 'member';
  status: 'active' | 'blocked';
  revoked: boolean;
  is_member: boolean;
}

export async function findSessionState(sql: Sql, sessionId: string): Promise<SessionState | undefined> {
  const { rows } = await sql.query<SessionState>(
    `SELECT s.user_id, u.role, u.status, (s.revoked_at IS NOT NULL) AS revoked, (m.user_id IS NOT NULL) AS is_member
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN members m ON m.user_id = s.user_id
      WHERE s.id = $1`,
    [sessionId],
  );
  return rows[0];
}

import {
  SIGN_INS_SHOWN,
  type AccountSession,
  type AccountSessions,
  type SecurityEvent,
  type SecurityEventKind,
} from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { deviceInWords } from './device-in-words';

interface SessionRow {
  id: string;
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
  revoked_at: Date | null;
  /** The expiry of its newest refresh token: issued one refresh-lifetime before. */
  last_expiry: Date | null;
  live: boolean;
}

/**
 * The member's own sign-ins: a support view (admin-users/start-support-view.ts) is a line of the security changes instead.
 * A session is in force while it is not revoked and holds a refresh token not
 * used nor expired (auth/refresh.ts rotates one per renewal); a session that
 * ran out ended when its last token expired.
 */
function sessionRows(ctx: AppContext, userId: number, inForce: boolean) {
  const now = ctx.now();
  return ctx.db.query<SessionRow>(
    sql`SELECT s.id, s.created_at, s.ip, s.user_agent, s.revoked_at, t.last_expiry,
               (s.revoked_at IS NULL AND COALESCE(t.live, false)) AS live
          FROM auth_sessions s
          LEFT JOIN LATERAL (SELECT max(r.expires_at) AS last_expiry, bool_or(r.used_at IS NULL AND r.expires_at > ${now}) AS live
                               FROM refresh_tokens r WHERE r.session_id = s.id) t ON true
         WHERE s.user_id = ${userId} AND s.viewed_by IS NULL ${inForce ? sql`AND s.revoked_at IS NULL AND t.live` : sql``}
         ORDER BY s.created_at DESC, s.id
         ${inForce ? sql`` : sql`LIMIT ${SIGN_INS_SHOWN}`}`,
  );
}

function toSession(ctx: AppContext, row: SessionRow, currentId: string): AccountSession {
  const ttlMs = ctx.config.refreshTokenTtlDays * 86_400_000;
  const renewed = row.last_expiry ? new Date(new Date(row.last_expiry).getTime() - ttlMs) : new Date(row.created_at);
  const lastActive = renewed > new Date(row.created_at) ? renewed : new Date(row.created_at);
  const ended = row.live ? null : (row.revoked_at ?? row.last_expiry ?? row.created_at);
  return {
    id: row.id,
    signedInAt: new Date(row.created_at).toISOString(),
    lastActiveAt: lastActive.toISOString(),
    ip: row.ip,
    device: deviceInWords(row.user_agent),
    current: row.id === currentId,
    endedAt: ended === null ? null : new Date(ended).toISOString(),
  };
}

/** The account's last security changes, each with the session that made it (its device and address). */
async function securityChanges(ctx: AppContext, userId: number): Promise<SecurityEvent[]> {
  const { rows } = await ctx.db.query<{
    kind: SecurityEventKind;
    created_at: Date;
    session_id: string | null;
    ip: string | null;
    user_agent: string | null;
    viewer: string | null;
  }>(
    sql`SELECT e.kind, e.created_at, e.session_id, s.ip, s.user_agent, v.username AS viewer
          FROM security_events e LEFT JOIN auth_sessions s ON s.id = e.session_id
          LEFT JOIN users v ON v.id = s.viewed_by
         WHERE e.user_id = ${userId}
         ORDER BY e.created_at DESC, e.id DESC
         LIMIT ${SIGN_INS_SHOWN}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    at: new Date(row.created_at).toISOString(),
    device: row.session_id === null ? null : deviceInWords(row.user_agent),
    ip: row.ip,
    ...(row.viewer !== null ? { by: row.viewer } : {}),
  }));
}

/** `GET /api/me/sessions`: the account's sessions in force (this one first), its last sign-ins and security changes. */
export async function listSessions(ctx: AppContext, userId: number, currentId: string): Promise<AccountSessions> {
  const [inForce, signIns, changes] = await Promise.all([
    sessionRows(ctx, userId, true),
    sessionRows(ctx, userId, false),
    securityChanges(ctx, userId),
  ]);
  const sessions = inForce.rows.map((row) => toSession(ctx, row, currentId));
  return {
    inForce: [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)],
    signIns: signIns.rows.map((row) => toSession(ctx, row, currentId)),
    changes,
  };
}

import type { SecurityEventKind } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/**
 * Notes a security change in the account's security log, inside the
 * change's own transaction (`tx`): a change that rolls back leaves no line,
 * and no change happens without one. `sessionId`: the session that made it,
 * or null for a password reset link.
 */
export async function recordSecurityEvent(
  tx: Sql,
  userId: number,
  kind: SecurityEventKind,
  sessionId: string | null,
): Promise<void> {
  await tx.query(
    sql`INSERT INTO security_events (user_id, kind, session_id) VALUES (${userId}, ${kind}, ${sessionId})`,
  );
}

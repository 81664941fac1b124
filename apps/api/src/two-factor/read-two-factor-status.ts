import type { TwoFactorStatus } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { readSettings } from '../settings/in-force';
import { findUserById } from '../users/queries';

export async function readTwoFactorStatus(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const { db } = ctx;
  const { rows } = await db.query<{ enabled_at: Date | null; left: number }>(
    sql`SELECT t.enabled_at, (SELECT count(*)::int FROM two_factor_recovery_codes r WHERE r.user_id = t.user_id AND r.used_at IS NULL) AS left
       FROM two_factor t WHERE t.user_id = ${userId}`,
  );
  const row = rows[0];
  const [user, settings, sessions] = await Promise.all([
    findUserById(db, userId),
    readSettings(db),
    db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM auth_sessions WHERE user_id = ${userId} LIMIT 2) s`,
    ),
  ]);
  const required = user?.role === 'admin' && settings.adminsRequireTwoFactor;
  return {
    required,
    setupPrompt: required && !row?.enabled_at && (sessions.rows[0]?.n ?? 0) <= 1,
    enabled: Boolean(row?.enabled_at),
    enabledAt: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
    recoveryCodesLeft: row?.enabled_at ? row.left : 0,
  };
}

import type { TokenPair } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { unauthorized } from '../shared/errors';
import { revokeSession } from './sessions';
import { hashToken, signAccessToken, successorToken } from './tokens';

/** A refresh token replayed within this long after its rotation answers the same new pair (two tabs at once). */
export const REFRESH_GRACE_MS = 5_000;

/** When a refresh token issued now expires. */
export const refreshExpiry = (ctx: AppContext) =>
  new Date(ctx.now().getTime() + ctx.config.refreshTokenTtlDays * 86_400_000);

/** The signed access token of a sign-in. */
export function accessTokenFor(
  ctx: AppContext,
  user: { id: number; role: 'admin' | 'member' },
  sessionId: string,
): Promise<string> {
  return signAccessToken(
    { userId: user.id, sessionId, role: user.role },
    ctx.config.jwtSecret,
    ctx.config.accessTokenTtlSeconds,
  );
}

interface TokenRow {
  session_id: string;
  used_at: Date | null;
  expires_at: Date;
}

async function findToken(db: Sql, token: string): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>(
    sql`SELECT session_id, used_at, expires_at FROM refresh_tokens WHERE token_hash = ${hashToken(token)}`,
  );
  return rows[0];
}

/**
 * Within the grace interval: the live token of the chain that `token`
 * started (its successor, or the successor's successor when that was
 * rotated too), if still unused and of the same sign-in.
 */
async function liveSuccessor(ctx: AppContext, tx: Sql, token: string, sessionId: string): Promise<string | undefined> {
  let current = token;
  for (let step = 0; step < 5; step += 1) {
    current = successorToken(current, ctx.config.jwtSecret);
    const row = await findToken(tx, current);
    if (!row || row.session_id !== sessionId) return undefined;
    if (!row.used_at) return new Date(row.expires_at) > ctx.now() ? current : undefined;
  }
  return undefined;
}

/**
 * Rotates a refresh token. Its successor is derived from it
 * (`successorToken`), so a second refresh with the same token within
 * REFRESH_GRACE_MS (two tabs at once) answers the same new refresh token.
 * Outside the grace interval, replaying a used token ends the whole sign-in
 * it belongs to.
 */
export async function refreshTokens(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const tokenHash = hashToken(refreshToken);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const used = await tx.query<{ session_id: string }>(
      sql`UPDATE refresh_tokens SET used_at = ${now}
           WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
       RETURNING session_id`,
    );
    let sessionId = used.rows[0]?.session_id;
    let next: string | undefined;
    if (sessionId) {
      next = successorToken(refreshToken, ctx.config.jwtSecret);
      await tx.query(
        sql`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES (${hashToken(next)}, ${sessionId}, ${refreshExpiry(ctx)})`,
      );
    } else {
      const seen = await findToken(tx, refreshToken);
      const usedAt = seen?.used_at;
      if (!usedAt) return { ok: false as const };
      sessionId = seen.session_id;
      next =
        now.getTime() - new Date(usedAt).getTime() <= REFRESH_GRACE_MS
          ? await liveSuccessor(ctx, tx, refreshToken, sessionId)
          : undefined;
      if (!next) {
        await revokeSession(tx, sessionId);
        return { ok: false as const };
      }
    }
    const session = await tx.query<{
      user_id: number;
      revoked_at: Date | null;
      role: 'admin' | 'member';
      status: string;
    }>(
      sql`SELECT s.user_id, s.revoked_at, u.role, u.status
            FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ${sessionId}`,
    );
    const row = session.rows[0];
    if (!row || row.revoked_at || row.status !== 'active') return { ok: false as const };
    return {
      ok: true as const,
      tokens: {
        accessToken: await accessTokenFor(ctx, { id: row.user_id, role: row.role }, sessionId),
        refreshToken: next,
      },
    };
  });
  if (!outcome.ok)
    throw unauthorized('REFRESH_TOKEN_INVALID', 'Refresh token expired or invalid. Please sign in again.');
  return outcome.tokens;
}

/** Ends the sign-in a refresh token belongs to (an unknown token: nothing to end). */
export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  const row = await findToken(ctx.db, refreshToken);
  if (row) await revokeSession(ctx.db, row.session_id);
}

import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { badRequest } from '../shared/errors';
import { findUserByEmail, setPasswordHash } from '../users/queries';
import { assertPasswordAllowed, hashPassword } from './passwords';
import { hit } from '../shared/rate-limit';
import { revokeUserSessions } from './sessions';
import { recordSecurityEvent } from '../users/security-events';
import { hashToken, newOpaqueToken } from './tokens';

const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** A new admin's set-password link (admin-users/invite.ts): nobody asked for it, so it waits longer to be opened. */
export const INVITATION_TTL_MS = 72 * 60 * 60_000;
/** Forgot-password: per client address and per email, quietly (the answer stays the same). */
export const FORGOT_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  perEmail: { limit: 3, windowMs: 60 * 60_000 },
};

/**
 * A new password-reset link for an account, good for one hour unless `ttlMs`
 * says otherwise; only its token's hash is stored. An invitation's link says so
 * (`invite=1`), and the form's words say the password is a first one.
 */
export async function newResetLink(
  ctx: AppContext,
  db: Sql,
  userId: number,
  now: Date,
  { ttlMs = RESET_TOKEN_TTL_MS, invite = false }: { ttlMs?: number; invite?: boolean } = {},
): Promise<string> {
  const token = newOpaqueToken();
  await db.query(
    sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (${hashToken(token)}, ${userId}, ${new Date(now.getTime() + ttlMs)})`,
  );
  return `${ctx.config.publicUrl}/password-reset?${invite ? 'invite=1&' : ''}token=${encodeURIComponent(token)}`;
}

async function mailResetLink(ctx: AppContext, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.password_hash || user.status !== 'active') return;
  const link = await newResetLink(ctx, ctx.db, user.id, now);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: [
      `Hello ${user.full_name},`,
      '',
      'Someone asked to reset the password of your account. To choose a new one, open this link within one hour:',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Forgot-password, in two halves so that its answer cannot tell whether an
 * address has an account: before the answer, the same work for every
 * address (the per-address and per-email counters); the returned job, which
 * the route runs after answering, does the per-account work (token, mail).
 * Over a limit the job does nothing: the answer stays the same.
 */
export async function forgotPassword(
  ctx: AppContext,
  email: string,
  client: { ip: string },
): Promise<() => Promise<void>> {
  const now = ctx.now();
  const byAddress = await hit(ctx.db, `forgot-ip:${client.ip}`, FORGOT_LIMITS.perAddress, now);
  const byEmail = await hit(ctx.db, `forgot-email:${email.toLowerCase()}`, FORGOT_LIMITS.perEmail, now);
  if (!byAddress.allowed || !byEmail.allowed) return async () => {};
  return () => mailResetLink(ctx, email, now);
}

/** A new password by a reset link: the link and every other of the user's die, and so does every sign-in. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const reset = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { rows } = await tx.query<{ user_id: number }>(
      sql`UPDATE password_reset_tokens SET used_at = ${now}
           WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${now}
       RETURNING user_id`,
    );
    const userId = rows[0]?.user_id;
    if (!userId) return false;
    await setPasswordHash(tx, userId, passwordHash);
    await tx.query(
      sql`UPDATE password_reset_tokens SET used_at = ${ctx.now()} WHERE user_id = ${userId} AND used_at IS NULL`,
    );
    await revokeUserSessions(tx, userId);
    await recordSecurityEvent(tx, userId, 'password_reset', null);
    return true;
  });
  if (!reset)
    throw badRequest('RESET_TOKEN_INVALID', 'This reset link is invalid or has expired. Ask for a new one.', 'token');
}

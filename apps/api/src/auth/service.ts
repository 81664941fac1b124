import type { LoginResponse, RegisterBody, TokenPair, User } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { badRequest, conflict, forbidden, isUniqueViolation, unauthorized, unprocessable } from '../shared/errors';
import { joinNetwork } from '../network/placement';
import { findUserByEmail, findUserById, findUserByUsername, isEmailTaken, setPasswordHash, toUser } from '../users/queries';
import { assertNotLockedOut, clearUserFailures, lockoutKeys, recordLoginFailure } from './lockout';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { createSession, issueRefreshToken, revokeSession, revokeUserSessions } from './sessions';
import { hashToken, newOpaqueToken, signAccessToken } from './tokens';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const RESET_TOKEN_TTL_MS = 60 * 60_000;
const BLOCKED_MESSAGE = 'This account is blocked. Please contact support.';

export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw badRequest('PASSWORD_TOO_COMMON', 'This password is too common. Choose a less predictable one.', field);
  }
}

export function createAuthService(ctx: AppContext) {
  const { db, config } = ctx;

  const refreshExpiry = () => new Date(ctx.now().getTime() + config.refreshTokenTtlDays * 86_400_000);

  async function tokensFor(sql: Sql, user: { id: number; role: 'admin' | 'member' }, sessionId: string): Promise<TokenPair> {
    const refreshToken = await issueRefreshToken(sql, sessionId, refreshExpiry());
    const accessToken = await signAccessToken(
      { userId: user.id, sessionId, role: user.role },
      config.jwtSecret,
      config.accessTokenTtlSeconds,
    );
    return { accessToken, refreshToken };
  }

  return {
    async login(username: string, password: string, client: ClientInfo): Promise<LoginResponse> {
      const keys = lockoutKeys(username, client.ip);
      await assertNotLockedOut(db, keys, ctx.now());
      const user = await findUserByUsername(db, username);
      const valid = user?.password_hash
        ? await verifyPassword(user.password_hash, password)
        : (await burnPasswordCheck(password), false);
      if (!user || !valid) {
        await recordLoginFailure(db, keys, ctx.now());
        throw unauthorized('INVALID_CREDENTIALS', 'Invalid username or password.');
      }
      if (user.status === 'blocked') throw forbidden('ACCOUNT_BLOCKED', BLOCKED_MESSAGE);
      return db.transaction(async (tx) => {
        await clearUserFailures(tx, username);
        const sessionId = await createSession(tx, user.id, client);
        return { user: toUser(user), ...(await tokensFor(tx, user, sessionId)) };
      });
    },

    /** Rotates a refresh token. Replaying one already used ends the whole sign-in it belongs to. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const tokenHash = hashToken(refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const used = await tx.query<{ session_id: string }>(
          `UPDATE refresh_tokens SET used_at = $2
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING session_id`,
          [tokenHash, ctx.now()],
        );
        const sessionId = used.rows[0]?.session_id;
        if (!sessionId) {
          const seen = await tx.query<{ session_id: string; used_at: Date | null }>(
            'SELECT session_id, used_at FROM refresh_tokens WHERE token_hash = $1',
            [tokenHash],
          );
          const replayed = seen.rows[0]?.used_at ? seen.rows[0].session_id : undefined;
          if (replayed) await revokeSession(tx, replayed);
          return { ok: false as const };
        }
        const session = await tx.query<{ user_id: number; revoked_at: Date | null; role: 'admin' | 'member'; status: string }>(
          `SELECT s.user_id, s.revoked_at, u.role, u.status
             FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
          [sessionId],
        );
        const row = session.rows[0];
        if (!row || row.revoked_at || row.status !== 'active') return { ok: false as const };
        return { ok: true as const, tokens: await tokensFor(tx, { id: row.user_id, role: row.role }, sessionId) };
      });
      if (!outcome.ok) throw unauthorized('REFRESH_TOKEN_INVALID', 'Refresh token expired or invalid. Please sign in again.');
      return outcome.tokens;
    },

    async logout(refreshToken: string): Promise<void> {
      const { rows } = await db.query<{ session_id: string }>(
        'SELECT session_id FROM refresh_tokens WHERE token_hash = $1',
        [hashToken(refreshToken)],
      );
      if (rows[0]) await revokeSession(db, rows[0].session_id);
    },

    async register(input: RegisterBody): Promise<User> {
      assertPasswordAllowed(input.password);
      const sponsor = await findUserByUsername(db, input.sponsor);
      if (!sponsor?.is_member) {
        throw unprocessable('SPONSOR_NOT_FOUND', `Sponsor "${input.sponsor}" does not exist.`, 'sponsor');
      }
      if (sponsor.status === 'blocked') {
        throw unprocessable('SPONSOR_BLOCKED', `Sponsor "${input.sponsor}" cannot take new members.`, 'sponsor');
      }
      if (await findUserByUsername(db, input.username)) {
        throw conflict('USERNAME_TAKEN', 'This username is already taken.', 'username');
      }
      if (await isEmailTaken(db, input.email)) {
        throw conflict('EMAIL_TAKEN', 'An account with this email already exists.', 'email');
      }
      const passwordHash = await hashPassword(input.password);
      try {
        const id = await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO users (username, email, full_name, password_hash, role)
             VALUES ($1, $2, $3, $4, 'member') RETURNING id`,
            [input.username, input.email, input.fullName, passwordHash],
          );
          const userId = rows[0]!.id;
          await tx.query('INSERT INTO members (user_id, sponsor_id, requested_side) VALUES ($1, $2, $3)', [
            userId,
            sponsor.id,
            input.side ?? null,
          ]);
          // With a side, spillover places the new member now; without one they wait for the sponsor.
          await joinNetwork(tx, { memberId: userId, sponsorId: sponsor.id, side: input.side });
          return userId;
        });
        return toUser((await findUserById(db, id))!);
      } catch (error) {
        // Two sign-ups racing for the same name or address: the loser hears why.
        if (isUniqueViolation(error, 'users_username_key')) {
          throw conflict('USERNAME_TAKEN', 'This username is already taken.', 'username');
        }
        if (isUniqueViolation(error, 'users_email_key')) {
          throw conflict('EMAIL_TAKEN', 'An account with this email already exists.', 'email');
        }
        throw error;
      }
    },

    /** Always the same answer; a mail goes out only when the address has an account that can sign in. */
    async forgotPassword(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user?.password_hash || user.status !== 'active') return;
      const token = newOpaqueToken();
      await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        hashToken(token),
        user.id,
        new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS),
      ]);
      const link = `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
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
    },

    async resetPassword(token: string, password: string): Promise<void> {
      assertPasswordAllowed(password);
      const passwordHash = await hashPassword(password);
      const reset = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ user_id: number }>(
          `UPDATE password_reset_tokens SET used_at = $2
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING user_id`,
          [hashToken(token), ctx.now()],
        );
        const userId = rows[0]?.user_id;
        if (!userId) return false;
        await setPasswordHash(tx, userId, passwordHash);
        // Other links of this user die with this one, and so does every sign-in.
        await tx.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
          userId,
          ctx.now(),
        ]);
        await revokeUserSessions(tx, userId);
        return true;
      });
      if (!reset) throw badRequest('RESET_TOKEN_INVALID', 'This reset link is invalid or has expired. Ask for a new one.', 'token');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

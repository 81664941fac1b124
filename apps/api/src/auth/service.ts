import type { LoginResponse, RegisterBody, TokenPair, User } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, tooManyRequests, unauthorized, unprocessable } from '../shared/errors';
import { joinNetwork } from '../network/placement';
import { findUserByEmail, findUserById, findUserByUsername, isEmailTaken, setPasswordHash, toUser } from '../users/queries';
import { usernameKey } from '@portal/contract';
import { deviceCookieAfterSignIn, deviceNonceFor, parseDeviceCookie } from './device-cookie';
import { hit } from './rate-limit';
import {
  addressKey,
  addressOverLimit,
  assertUsernameNotSlowed,
  clearFailures,
  confirmFailure,
  deviceDistrusted,
  deviceKey,
  refuseAddress,
  releaseAttempt,
  reserveAttempt,
  userKey,
} from './throttle';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { createSession, issueRefreshToken, revokeSession, revokeUserSessions } from './sessions';
import { hashToken, newOpaqueToken, signAccessToken, successorToken } from './tokens';
import type { UserRow } from '../users/queries';
import { requireLoginSecondFactor } from '../two-factor/service';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The raw value of the device cookie (`device-cookie.ts`), when the browser sent one. */
  deviceCookie?: string;
  /** The `X-TOTP-Code` header: the second step for accounts with two-factor on. */
  totpCode?: string;
}

/** A sign-in's answer and the device cookie to set with it. */
export interface SignIn {
  response: LoginResponse;
  setCookie: string;
}

const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** A refresh token replayed within this long after its rotation answers the same new pair (two tabs at once). */
export const REFRESH_GRACE_MS = 5_000;
/** Forgot-password: per client address and per email, quietly (the answer stays the same). */
export const FORGOT_LIMITS = { perAddress: { limit: 10, windowMs: 60 * 60_000 }, perEmail: { limit: 3, windowMs: 60 * 60_000 } };
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

  /**
   * The throttled password check of a sign-in (`throttle.ts`): the account
   * when the password is right, else 401 (or 429 while slowed down).
   */
  async function checkCredentials(username: string, password: string, client: ClientInfo): Promise<UserRow> {
    const now = ctx.now();
    const key = usernameKey(username);
    const user = await findUserByUsername(db, key);
    const devices = parseDeviceCookie(client.deviceCookie, config.deviceCookieKey, now);
    let device = deviceNonceFor(devices, user?.id);
    if (device && (await deviceDistrusted(db, device, now))) device = undefined;
    // A trusted browser's failures count against its cookie only; others' against the username.
    const counted = [device ? deviceKey(device) : userKey(key), addressKey(client.ip)];
    await reserveAttempt(db, counted, now, async (tx) => {
      if (device) return;
      await assertUsernameNotSlowed(tx, userKey(key), now);
      const address = await addressOverLimit(tx, client.ip, now);
      if (address.over && !(user && (await signedInFrom(tx, user.id, client.ip)))) refuseAddress(address.waitMs);
    });
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : (await burnPasswordCheck(password), false);
    if (!user || !valid) {
      await confirmFailure(db, counted, now, client.ip);
      throw unauthorized('INVALID_CREDENTIALS', 'Invalid username or password.');
    }
    if (user.status !== 'blocked') {
      // Two-factor accounts answer TOTP_REQUIRED to the password alone (the
      // right password: the reservation is taken back); a wrong code keeps
      // it as a failure, like a wrong password.
      try {
        await requireLoginSecondFactor(ctx, user.id, client.totpCode, () => confirmFailure(db, counted, now, client.ip));
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOTP_REQUIRED') await releaseAttempt(db, counted, now);
        throw error;
      }
    }
    await releaseAttempt(db, counted, now);
    if (user.status === 'blocked') throw forbidden('ACCOUNT_BLOCKED', BLOCKED_MESSAGE);
    // The right password from a browser not yet trusted ends the username's slowdown; a trusted one's only its own.
    await clearFailures(db, device ? [deviceKey(device)] : [userKey(key)]);
    return user;
  }

  async function signedInFrom(sql: Sql, userId: number, ip: string): Promise<boolean> {
    const { rows } = await sql.query('SELECT 1 FROM auth_sessions WHERE user_id = $1 AND ip = $2 LIMIT 1', [userId, ip]);
    return rows.length > 0;
  }

  async function completeSignIn(user: UserRow, client: ClientInfo): Promise<SignIn> {
    const now = ctx.now();
    const response = await db.transaction(async (tx) => {
      const sessionId = await createSession(tx, user.id, client);
      return { user: toUser(user), ...(await tokensFor(tx, user, sessionId)) };
    });
    const devices = parseDeviceCookie(client.deviceCookie, config.deviceCookieKey, now);
    const secure = config.publicUrl.startsWith('https:');
    return { response, setCookie: deviceCookieAfterSignIn(devices, user.id, config.deviceCookieKey, now, secure) };
  }

  /** The pair of a rotation: the given refresh token and a new access token. */
  async function rotatedPair(user: { id: number; role: 'admin' | 'member' }, sessionId: string, next: string): Promise<TokenPair> {
    const accessToken = await signAccessToken({ userId: user.id, sessionId, role: user.role }, config.jwtSecret, config.accessTokenTtlSeconds);
    return { accessToken, refreshToken: next };
  }

  /**
   * Within the grace interval: the live token of the chain that `token`
   * started (its successor, or the successor's successor when that was
   * rotated too), if still unused and of the same sign-in.
   */
  async function liveSuccessor(tx: Sql, token: string, sessionId: string): Promise<string | undefined> {
    let current = token;
    for (let step = 0; step < 5; step += 1) {
      current = successorToken(current, config.jwtSecret);
      const { rows } = await tx.query<{ session_id: string; used_at: Date | null; expires_at: Date }>(
        'SELECT session_id, used_at, expires_at FROM refresh_tokens WHERE token_hash = $1',
        [hashToken(current)],
      );
      const row = rows[0];
      if (!row || row.session_id !== sessionId) return undefined;
      if (!row.used_at) return new Date(row.expires_at) > ctx.now() ? current : undefined;
    }
    return undefined;
  }

  async function mailResetLink(email: string, now: Date): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user?.password_hash || user.status !== 'active') return;
    const token = newOpaqueToken();
    await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
      hashToken(token),
      user.id,
      new Date(now.getTime() + RESET_TOKEN_TTL_MS),
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
  }

  return {
    /**
     * Sign-in, in two steps so that a second factor can slot in between:
     * `checkCredentials` (throttling, password) then `completeSignIn`
     * (session, tokens, device cookie).
     */
    async login(username: string, password: string, client: ClientInfo): Promise<SignIn> {
      const user = await checkCredentials(username, password, client);
      return completeSignIn(user, client);
    },

    /**
     * Rotates a refresh token. Its successor is derived from it
     * (`successorToken`), so a second refresh with the same token within
     * REFRESH_GRACE_MS (two tabs at once) answers the same new refresh
     * token. Outside the grace interval, replaying a used token ends the
     * whole sign-in it belongs to.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const tokenHash = hashToken(refreshToken);
      const now = ctx.now();
      const outcome = await db.transaction(async (tx) => {
        const used = await tx.query<{ session_id: string }>(
          `UPDATE refresh_tokens SET used_at = $2
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING session_id`,
          [tokenHash, now],
        );
        let sessionId = used.rows[0]?.session_id;
        let next: string | undefined;
        if (sessionId) {
          next = successorToken(refreshToken, config.jwtSecret);
          await tx.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
            hashToken(next),
            sessionId,
            refreshExpiry(),
          ]);
        } else {
          const seen = await tx.query<{ session_id: string; used_at: Date | null }>(
            'SELECT session_id, used_at FROM refresh_tokens WHERE token_hash = $1',
            [tokenHash],
          );
          const usedAt = seen.rows[0]?.used_at;
          if (!usedAt) return { ok: false as const };
          sessionId = seen.rows[0]!.session_id;
          next = now.getTime() - new Date(usedAt).getTime() <= REFRESH_GRACE_MS ? await liveSuccessor(tx, refreshToken, sessionId) : undefined;
          if (!next) {
            await revokeSession(tx, sessionId);
            return { ok: false as const };
          }
        }
        const session = await tx.query<{ user_id: number; revoked_at: Date | null; role: 'admin' | 'member'; status: string }>(
          `SELECT s.user_id, s.revoked_at, u.role, u.status
             FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
          [sessionId],
        );
        const row = session.rows[0];
        if (!row || row.revoked_at || row.status !== 'active') return { ok: false as const };
        return { ok: true as const, tokens: await rotatedPair({ id: row.user_id, role: row.role }, sessionId, next) };
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

    async register(input: RegisterBody, client: ClientInfo): Promise<User> {
      assertPasswordAllowed(input.password);
      const allowed = await hit(db, `register-ip:${client.ip}`, { limit: config.registrationsPerHour, windowMs: 60 * 60_000 }, ctx.now());
      if (!allowed.allowed) {
        throw tooManyRequests('REGISTRATION_LIMITED', 'Too many accounts were created from this address. Try again later.', allowed.retryAfterMs / 1000);
      }
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
        if (isUniqueViolation(error, 'users_username_key') || isUniqueViolation(error, 'users_username_norm_key')) {
          throw conflict('USERNAME_TAKEN', 'This username is already taken.', 'username');
        }
        if (isUniqueViolation(error, 'users_email_key')) {
          throw conflict('EMAIL_TAKEN', 'An account with this email already exists.', 'email');
        }
        throw error;
      }
    },

    /**
     * Forgot-password, in two halves so that its answer cannot tell whether
     * an address has an account: before the answer, the same work for every
     * address (the per-address and per-email counters); the returned job,
     * which the route runs after answering, does the per-account work (token,
     * mail). Over a limit the job does nothing: the answer stays the same.
     */
    async forgotPassword(email: string, client: ClientInfo): Promise<() => Promise<void>> {
      const now = ctx.now();
      const byAddress = await hit(db, `forgot-ip:${client.ip}`, FORGOT_LIMITS.perAddress, now);
      const byEmail = await hit(db, `forgot-email:${email.toLowerCase()}`, FORGOT_LIMITS.perEmail, now);
      if (!byAddress.allowed || !byEmail.allowed) return async () => {};
      return () => mailResetLink(email, now);
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

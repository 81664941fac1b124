import type { LoginResponse } from '@portal/contract';
import { usernameKey } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { AppError, forbidden, unauthorized } from '../shared/errors';
import { requireLoginSecondFactor } from '../two-factor/require-login-second-factor';
import { findUserByUsername, toUser, type UserRow } from '../users/queries';
import { deviceCookieAfterSignIn, deviceNonceFor, parseDeviceCookie } from './device-cookie';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { accessTokenFor, refreshExpiry } from './refresh';
import { createSession, issueRefreshToken } from './sessions';
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

const BLOCKED_MESSAGE = 'This account is blocked. Please contact support.';

async function signedInFrom(db: Sql, userId: number, ip: string): Promise<boolean> {
  const { rows } = await db.query<{ one: number }>(
    // A support view (admin-users/start-support-view.ts) is the admin's address, not the member's.
    sql`SELECT 1 AS one FROM auth_sessions WHERE user_id = ${userId} AND ip = ${ip} AND viewed_by IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * The throttled password check of a sign-in (`throttle.ts`): the account
 * when the password is right, else 401 (or 429 while slowed down).
 */
async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  client: ClientInfo,
): Promise<UserRow> {
  const { db, config } = ctx;
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
    // it as a failure, like a wrong password. While the account's codes are
    // locked (two-factor/guard.ts) the password was still right: no failure.
    try {
      await requireLoginSecondFactor(
        ctx,
        user.id,
        client.totpCode,
        () => confirmFailure(db, counted, now, client.ip),
        client.ip,
      );
    } catch (error) {
      if (error instanceof AppError && (error.code === 'TOTP_REQUIRED' || error.code === 'SECOND_FACTOR_LOCKED'))
        await releaseAttempt(db, counted, now);
      throw error;
    }
  }
  await releaseAttempt(db, counted, now);
  if (user.status === 'blocked') throw forbidden('ACCOUNT_BLOCKED', BLOCKED_MESSAGE);
  // The right password from a browser not yet trusted ends the username's slowdown; a trusted one's only its own.
  await clearFailures(db, device ? [deviceKey(device)] : [userKey(key)]);
  return user;
}

/** The session, its tokens and the device cookie of an account whose credentials were checked. */
async function completeSignIn(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<SignIn> {
  const { config } = ctx;
  const now = ctx.now();
  const response = await ctx.db.transaction(async (tx) => {
    const sessionId = await createSession(tx, user.id, client);
    const refreshToken = await issueRefreshToken(tx, sessionId, refreshExpiry(ctx));
    return { user: toUser(user), accessToken: await accessTokenFor(ctx, user, sessionId), refreshToken };
  });
  const devices = parseDeviceCookie(client.deviceCookie, config.deviceCookieKey, now);
  const secure = config.publicUrl.startsWith('https:');
  return { response, setCookie: deviceCookieAfterSignIn(devices, user.id, config.deviceCookieKey, now, secure) };
}

/**
 * Sign-in, in two steps so that a second factor can slot in between:
 * `checkCredentials` (throttling, password) then `completeSignIn`
 * (session, tokens, device cookie).
 */
export async function signIn(ctx: AppContext, username: string, password: string, client: ClientInfo): Promise<SignIn> {
  const user = await checkCredentials(ctx, username, password, client);
  return completeSignIn(ctx, user, client);
}

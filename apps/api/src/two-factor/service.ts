import { randomBytes } from 'node:crypto';
import { Secret } from 'otpauth';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '@portal/contract';
import type { AppContext } from '../context';
import { AppError, conflict, forbidden, unauthorized, unprocessable } from '../shared/errors';
import { findUserById } from '../users/queries';
import { readSettings } from '../settings/service';
import { sealSecret, totpKey } from './secret-box';
import { sql } from '../db/sql';
import { CODE_MESSAGES, consumeCode, hashCode, isTwoFactorEnabled, totpOf } from './codes';
import { withSecondFactor } from './guard';

export { isTwoFactorEnabled } from './codes';

const RECOVERY_CODES = 10;

function newRecoveryCode(): string {
  const hex = randomBytes(6).toString('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}

/**
 * The sign-in's second step (called by auth/sign-in.ts after the password
 * is right). Accounts without two-factor pass untouched, so the original
 * login contract holds for them; the others answer 401 TOTP_REQUIRED until
 * the client re-sends the same login with the `X-TOTP-Code` header. The code
 * goes through the per-account guard (./guard.ts: 429 SECOND_FACTOR_LOCKED
 * after repeated failures); a wrong code also counts as a failed sign-in
 * (`onFailure`), so the sign-in's own slowdown covers it too.
 */
export async function requireLoginSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string | undefined,
  onFailure: () => Promise<void>,
  ip?: string,
): Promise<void> {
  if (!(await isTwoFactorEnabled(ctx.db, userId))) return;
  const requiredMessage = 'Enter the 6-digit code from your authenticator app (or a recovery code) to sign in.';
  if (!code) throw unauthorized('TOTP_REQUIRED', requiredMessage);
  try {
    await withSecondFactor(ctx, userId, code, { status: 401, purpose: 'signing in', requiredMessage, ip }, (check) =>
      ctx.db.transaction((tx) => check(tx)),
    );
  } catch (error) {
    if (error instanceof AppError && (error.code === 'TOTP_INVALID' || error.code === 'TOTP_REUSED')) await onFailure();
    throw error;
  }
}

/**
 * Admins approve money out and change settings: while the
 * `adminsRequireTwoFactor` setting is on, an admin without two-factor is
 * refused (403 TWO_FACTOR_REQUIRED) on those routes, so a stolen password
 * alone cannot move money (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
 */
export async function requireAdminTwoFactor(ctx: AppContext, userId: number): Promise<void> {
  const settings = await readSettings(ctx.db);
  if (!settings.adminsRequireTwoFactor) return;
  if (await isTwoFactorEnabled(ctx.db, userId)) return;
  throw forbidden(
    'TWO_FACTOR_REQUIRED',
    'Admins need two-factor sign-in for this. Turn it on under Account settings → Security (scan the QR code with an authenticator app), then try again.',
  );
}

export async function twoFactorStatus(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
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

/** A new secret (replacing an unconfirmed one), named in the authenticator by the username; two-factor is on only after `enableTwoFactor` with a first code. */
export async function setUpTwoFactor(ctx: AppContext, userId: number): Promise<TwoFactorSetup> {
  const { db } = ctx;
  const username = (await findUserById(db, userId))?.username ?? String(userId);
  const secret = new Secret({ size: 20 });
  const sealed = sealSecret(totpKey(ctx), userId, secret.base32);
  const saved = await db.query<{ saved: number }>(
    sql`INSERT INTO two_factor (user_id, secret_enc) VALUES (${userId}, ${sealed})
     ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, last_used_step = NULL, created_at = now()
      WHERE two_factor.enabled_at IS NULL
     RETURNING 1 AS saved`,
  );
  if (saved.rows.length === 0)
    throw conflict(
      'TWO_FACTOR_ALREADY_ENABLED',
      'Two-factor sign-in is already enabled. Disable it first to set up a new authenticator.',
    );
  return { secret: secret.base32, otpauthUrl: totpOf(secret.base32, username).toString() };
}

export async function enableTwoFactor(ctx: AppContext, userId: number, code: string): Promise<TwoFactorEnabled> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ enabled_at: Date | null }>(
      sql`SELECT enabled_at FROM two_factor WHERE user_id = ${userId} FOR UPDATE`,
    );
    if (!rows[0])
      throw conflict(
        'TWO_FACTOR_NOT_SET_UP',
        'Start the two-factor set-up first: scan the QR code, then enter the first code.',
      );
    if (rows[0].enabled_at) throw conflict('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already enabled.');
    if (!/^\d{6}$/.test(code.replace(/\s/g, '')))
      throw unprocessable('TOTP_INVALID', 'Enter the 6-digit code shown by your authenticator app.', 'code');
    const check = await consumeCode(ctx, tx, userId, code, { allowPending: true });
    if (check !== 'ok')
      throw unprocessable(
        check === 'reused' ? 'TOTP_REUSED' : 'TOTP_INVALID',
        CODE_MESSAGES[check === 'reused' ? 'reused' : 'invalid'],
        'code',
      );
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx.query(sql`UPDATE two_factor SET enabled_at = ${ctx.now()} WHERE user_id = ${userId}`);
    await tx.query(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
    await tx.query(
      sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT ${userId}, unnest(${codes.map(hashCode)}::text[])`,
    );
    return { enabled: true as const, recoveryCodes: codes };
  });
}

/** Two-factor off with a current code or a recovery code, checked through the per-account guard (./guard.ts). */
export async function disableTwoFactor(ctx: AppContext, userId: number, code: string): Promise<void> {
  const { db } = ctx;
  const options = {
    status: 422 as const,
    field: 'code',
    purpose: 'turning two-factor off',
    requiredMessage: 'Enter a current code to turn two-factor off.',
  };
  await withSecondFactor(ctx, userId, code, options, (check) =>
    db.transaction(async (tx) => {
      if ((await check(tx)) === 'not_enabled') throw conflict('TWO_FACTOR_NOT_ENABLED', CODE_MESSAGES.not_enabled);
      await tx.query(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
      await tx.query(sql`DELETE FROM two_factor WHERE user_id = ${userId}`);
    }),
  );
}

import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { conflict, unauthorized, unprocessable } from '../shared/errors';
import { findUserById } from '../users/queries';
import { openSecret, sealSecret, totpKey } from './secret-box';
import { sql } from '../db/sql';

/**
 * Two-factor sign-in with TOTP (RFC 6238 through the `otpauth` library:
 * SHA-1, 6 digits, 30 s). A code is accepted one step either side of now and
 * only once: the step it was accepted for is stored, and a code for that
 * step or an earlier one is refused. Recovery codes (shown once, stored
 * hashed) stand in for a code once each.
 */
const ISSUER = 'Members Portal';
const RECOVERY_CODES = 10;
const WINDOW = 1;

export type CodeCheck = 'ok' | 'invalid' | 'reused' | 'not_enabled';

interface TwoFactorRow {
  secret_enc: string;
  enabled_at: Date | null;
  last_used_step: string | null;
}

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

function newRecoveryCode(): string {
  const hex = randomBytes(6).toString('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export async function isTwoFactorEnabled(db: Sql, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>(sql`SELECT 1 AS found FROM two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL`);
  return rows.length > 0;
}

/**
 * Checks and consumes a code (TOTP or recovery) inside the caller's
 * transaction: the row is locked, so two requests with one code never both
 * pass.
 */
export async function consumeCode(ctx: AppContext, tx: Sql, userId: number, code: string, options: { allowPending?: boolean } = {}): Promise<CodeCheck> {
  const { rows } = await tx.query<TwoFactorRow>(sql`SELECT secret_enc, enabled_at, last_used_step FROM two_factor WHERE user_id = ${userId} FOR UPDATE`);
  const row = rows[0];
  if (!row || (!row.enabled_at && !options.allowPending)) return 'not_enabled';
  const token = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(token)) {
    const totp = totpOf(openSecret(totpKey(ctx.config), userId, row.secret_enc), String(userId));
    const timestamp = ctx.now().getTime();
    const delta = totp.validate({ token, timestamp, window: WINDOW });
    if (delta === null) return 'invalid';
    const step = totp.counter({ timestamp }) + delta;
    if (row.last_used_step !== null && BigInt(step) <= BigInt(row.last_used_step)) return 'reused';
    await tx.query(sql`UPDATE two_factor SET last_used_step = ${step} WHERE user_id = ${userId}`);
    return 'ok';
  }
  if (!row.enabled_at) return 'invalid';
  const used = await tx.query<{ used: number }>(
    sql`UPDATE two_factor_recovery_codes SET used_at = ${ctx.now()} WHERE user_id = ${userId} AND code_hash = ${hashCode(token)} AND used_at IS NULL RETURNING 1 AS used`,
  );
  return used.rows.length > 0 ? 'ok' : 'invalid';
}

export const CODE_MESSAGES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  invalid: 'The two-factor code is wrong or has expired. Enter the current code from your authenticator app.',
  reused: 'This two-factor code was already used. Wait for the next code in your authenticator app.',
  not_enabled: 'Two-factor sign-in is not enabled for this account.',
};

/**
 * The sign-in's second step (called by auth/service.ts after the password
 * is right). Accounts without two-factor pass untouched, so the original
 * login contract holds for them; the others answer 401 TOTP_REQUIRED until
 * the client re-sends the same login with the `X-TOTP-Code` header. A wrong
 * code counts as a failed sign-in (`onFailure`), so the lockout covers it.
 */
export async function requireLoginSecondFactor(ctx: AppContext, userId: number, code: string | undefined, onFailure: () => Promise<void>): Promise<void> {
  if (!(await isTwoFactorEnabled(ctx.db, userId))) return;
  if (!code) throw unauthorized('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app (or a recovery code) to sign in.');
  const check = await ctx.db.transaction((tx) => consumeCode(ctx, tx, userId, code));
  if (check === 'ok') return;
  await onFailure();
  throw unauthorized(check === 'reused' ? 'TOTP_REUSED' : 'TOTP_INVALID', CODE_MESSAGES[check === 'reused' ? 'reused' : 'invalid']);
}

export function createTwoFactorService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const { rows } = await db.query<{ enabled_at: Date | null; left: number }>(
        sql`SELECT t.enabled_at, (SELECT count(*)::int FROM two_factor_recovery_codes r WHERE r.user_id = t.user_id AND r.used_at IS NULL) AS left
           FROM two_factor t WHERE t.user_id = ${userId}`,
      );
      const row = rows[0];
      return {
        enabled: Boolean(row?.enabled_at),
        enabledAt: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
        recoveryCodesLeft: row?.enabled_at ? row.left : 0,
      };
    },

    /** A new secret (replacing an unconfirmed one), named in the authenticator by the username; two-factor is on only after `enable` with a first code. */
    async setup(userId: number): Promise<TwoFactorSetup> {
      const username = (await findUserById(db, userId))?.username ?? String(userId);
      const secret = new Secret({ size: 20 });
      const sealed = sealSecret(totpKey(ctx.config), userId, secret.base32);
      const saved = await db.query<{ saved: number }>(
        sql`INSERT INTO two_factor (user_id, secret_enc) VALUES (${userId}, ${sealed})
         ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, last_used_step = NULL, created_at = now()
          WHERE two_factor.enabled_at IS NULL
         RETURNING 1 AS saved`,
      );
      if (saved.rows.length === 0) throw conflict('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already enabled. Disable it first to set up a new authenticator.');
      return { secret: secret.base32, otpauthUrl: totpOf(secret.base32, username).toString() };
    },

    async enable(userId: number, code: string): Promise<TwoFactorEnabled> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ enabled_at: Date | null }>(sql`SELECT enabled_at FROM two_factor WHERE user_id = ${userId} FOR UPDATE`);
        if (!rows[0]) throw conflict('TWO_FACTOR_NOT_SET_UP', 'Start the two-factor set-up first: scan the QR code, then enter the first code.');
        if (rows[0].enabled_at) throw conflict('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already enabled.');
        if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) throw unprocessable('TOTP_INVALID', 'Enter the 6-digit code shown by your authenticator app.', 'code');
        const check = await consumeCode(ctx, tx, userId, code, { allowPending: true });
        if (check !== 'ok') throw unprocessable(check === 'reused' ? 'TOTP_REUSED' : 'TOTP_INVALID', CODE_MESSAGES[check === 'reused' ? 'reused' : 'invalid'], 'code');
        const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
        await tx.query(sql`UPDATE two_factor SET enabled_at = ${ctx.now()} WHERE user_id = ${userId}`);
        await tx.query(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
        await tx.query(sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT ${userId}, unnest(${codes.map(hashCode)}::text[])`);
        return { enabled: true as const, recoveryCodes: codes };
      });
    },

    async disable(userId: number, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        const check = await consumeCode(ctx, tx, userId, code);
        if (check === 'not_enabled') throw conflict('TWO_FACTOR_NOT_ENABLED', CODE_MESSAGES.not_enabled);
        if (check !== 'ok') throw unprocessable(check === 'reused' ? 'TOTP_REUSED' : 'TOTP_INVALID', CODE_MESSAGES[check], 'code');
        await tx.query(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
        await tx.query(sql`DELETE FROM two_factor WHERE user_id = ${userId}`);
      });
    },
  };
}

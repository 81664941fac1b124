import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { AppError } from '../shared/errors';
import { openSecret, totpKey } from './secret-box';

/**
 * Two-factor sign-in with TOTP (RFC 6238 through the `otpauth` library:
 * SHA-1, 6 digits, 30 s). A code is accepted one step either side of now and
 * only once: the step it was accepted for is stored, and a code for that
 * step or an earlier one is refused. Recovery codes (shown once, stored
 * hashed) stand in for a code once each.
 */
const ISSUER = 'Members Portal';
const WINDOW = 1;

export type CodeCheck = 'ok' | 'invalid' | 'reused' | 'not_enabled';

interface TwoFactorRow {
  secret_enc: string;
  enabled_at: Date | null;
  last_used_step: string | null;
}

export const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

export function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

export async function isTwoFactorEnabled(db: Sql, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>(
    sql`SELECT 1 AS found FROM two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL`,
  );
  return rows.length > 0;
}

/**
 * The account's TOTP secret, opened with the portal's key. A key that does
 * not open it (TOTP_ENCRYPTION_KEY changed, or a restore onto a data folder
 * without its `totp-encryption.key`: docs/decisions/0031-backup-and-restore.md)
 * is the operator's to fix: the member is told so, and that a recovery code
 * (stored hashed, needing no key) still works, rather than a bare 500.
 */
function openStoredSecret(ctx: AppContext, userId: number, sealed: string): string {
  try {
    return openSecret(totpKey(ctx), userId, sealed);
  } catch (error) {
    ctx.log.error(
      { userId, err: error instanceof Error ? error.message : String(error) },
      'the TOTP key does not open a stored two-factor secret: was TOTP_ENCRYPTION_KEY changed?',
    );
    throw new AppError(
      503,
      'TWO_FACTOR_KEY_MISMATCH',
      'Two-factor codes cannot be checked right now: the portal cannot read your authenticator secret. Use one of your recovery codes, or contact support.',
    );
  }
}

/**
 * Checks and consumes a code (TOTP or recovery) inside the caller's
 * transaction: the row is locked, so two requests with one code never both
 * pass.
 */
export async function consumeCode(
  ctx: AppContext,
  tx: Sql,
  userId: number,
  code: string,
  options: { allowPending?: boolean } = {},
): Promise<CodeCheck> {
  const { rows } = await tx.query<TwoFactorRow>(
    sql`SELECT secret_enc, enabled_at, last_used_step FROM two_factor WHERE user_id = ${userId} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row || (!row.enabled_at && !options.allowPending)) return 'not_enabled';
  const token = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(token)) {
    const totp = totpOf(openStoredSecret(ctx, userId, row.secret_enc), String(userId));
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

/**
 * Whether `code` has the shape of a code at all: six digits, or a recovery
 * code (twelve hexadecimal digits, dashes between groups of four optional),
 * spaces ignored as `consumeCode` ignores them. Checked wherever a code is
 * accepted, even where none is needed, so that no text rides along unchecked.
 */
export const isCodeShaped = (code: string): boolean => {
  const token = code.replace(/\s/g, '');
  return /^\d{6}$/.test(token) || /^[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}$/i.test(token);
};

export const CODE_MESSAGES: Record<Exclude<CodeCheck, 'ok'> | 'malformed', string> = {
  invalid: 'The two-factor code is wrong or has expired. Enter the current code from your authenticator app.',
  malformed:
    'A two-factor code is the 6 digits shown by your authenticator app, or one of your recovery codes (xxxx-xxxx-xxxx).',
  reused: 'This two-factor code was already used. Wait for the next code in your authenticator app.',
  not_enabled: 'Two-factor sign-in is not enabled for this account.',
};

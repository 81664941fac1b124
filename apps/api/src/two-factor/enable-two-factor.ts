import { randomBytes } from 'node:crypto';
import type { TwoFactorEnabled } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { conflict, unprocessable } from '../shared/errors';
import { CODE_MESSAGES, consumeCode, hashCode } from './codes';
import { recordSecurityEvent } from '../users/security-events';

const RECOVERY_CODES = 10;

function newRecoveryCode(): string {
  const hex = randomBytes(6).toString('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}

/** Two-factor on with the first code of the authenticator set up; `sessionId`: the session asking (the security log's). */
export async function enableTwoFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  sessionId: string | null,
): Promise<TwoFactorEnabled> {
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
    await recordSecurityEvent(tx, userId, 'two_factor_on', sessionId);
    await tx.query(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
    await tx.query(
      sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT ${userId}, unnest(${codes.map(hashCode)}::text[])`,
    );
    return { enabled: true as const, recoveryCodes: codes };
  });
}

import { Secret } from 'otpauth';
import type { TwoFactorSetup } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { conflict } from '../shared/errors';
import { findUserById } from '../users/queries';
import { totpOf } from './codes';
import { sealSecret, totpKey } from './secret-box';

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

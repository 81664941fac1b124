import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { conflict } from '../shared/errors';
import { CODE_MESSAGES } from './codes';
import { withSecondFactor } from './guard';
import { recordSecurityEvent } from '../users/security-events';

/** Two-factor off with a current code or a recovery code, checked through the per-account guard (./guard.ts). */
export async function disableTwoFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  sessionId: string | null,
): Promise<void> {
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
      await recordSecurityEvent(tx, userId, 'two_factor_off', sessionId);
    }),
  );
}

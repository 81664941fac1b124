import type { AppContext } from '../context';
import { AppError, unauthorized } from '../shared/errors';
import { isTwoFactorEnabled } from './codes';
import { withSecondFactor } from './guard';

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

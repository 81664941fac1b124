import type { AppContext } from '../context';
import { readSettings } from '../settings/in-force';
import { forbidden } from '../shared/errors';
import { isTwoFactorEnabled } from './codes';

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

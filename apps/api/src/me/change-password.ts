import type { AppContext } from '../context';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../auth/passwords';
import { assertUsernameNotSlowed, recordFailure } from '../auth/throttle';
import { revokeUserSessions } from '../auth/sessions';
import { unprocessable } from '../shared/errors';
import { setPasswordHash } from '../users/queries';
import { ownAccount } from './own-account';
import { recordSecurityEvent } from '../users/security-events';

/** Changes the password and ends every other sign-in of the account. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const { db } = ctx;
  const row = await ownAccount(db, userId);
  // Guessing the current password is throttled like sign-in (growing delay per account).
  const key = `password:${userId}`;
  await assertUsernameNotSlowed(db, key, ctx.now(), 'current-password checks', 'PASSWORD_CHECKS_LOCKED');
  if (!row.password_hash || !(await verifyPassword(row.password_hash, currentPassword))) {
    await recordFailure(db, [key], ctx.now(), ip);
    throw unprocessable('CURRENT_PASSWORD_WRONG', 'The current password is not correct.', 'currentPassword');
  }
  assertPasswordAllowed(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, sessionId);
    await recordSecurityEvent(tx, userId, 'password_changed', sessionId);
  });
}

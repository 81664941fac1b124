import type { UpdateProfileBody, User } from '@portal/contract';
import type { AppContext } from '../context';
import { assertPasswordAllowed } from '../auth/service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { assertUsernameNotSlowed, recordFailure } from '../auth/throttle';
import { revokeUserSessions } from '../auth/sessions';
import { notFound, unprocessable } from '../shared/errors';
import { findUserById, setPasswordHash, toUser } from '../users/queries';
import { accountConflict, assertAccountFree } from '../users/uniqueness';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';

async function load(db: Sql, userId: number) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('USER_NOT_FOUND', 'This account no longer exists.');
  return row;
}

export async function myProfile(ctx: AppContext, userId: number): Promise<User> {
  const { db } = ctx;
  return toUser(await load(db, userId));
}

export async function updateProfile(ctx: AppContext, userId: number, changes: UpdateProfileBody): Promise<User> {
  const { db } = ctx;
  await assertAccountFree(db, { email: changes.email }, userId);
  try {
    await db.query(
      sql`UPDATE users SET
         full_name = CASE WHEN ${changes.fullName !== undefined} THEN ${changes.fullName ?? null} ELSE full_name END,
         email     = CASE WHEN ${changes.email !== undefined} THEN ${changes.email ?? null} ELSE email END,
         phone     = CASE WHEN ${changes.phone !== undefined} THEN ${changes.phone || null} ELSE phone END,
         country   = CASE WHEN ${changes.country !== undefined} THEN ${changes.country || null} ELSE country END,
         updated_at = now()
       WHERE id = ${userId}`,
    );
  } catch (error) {
    throw accountConflict(error) ?? error;
  }
  return toUser(await load(db, userId));
}

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
  const row = await load(db, userId);
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
  });
}

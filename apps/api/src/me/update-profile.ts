import type { UpdateProfileBody, User } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { toUser } from '../users/queries';
import { accountConflict, assertAccountFree } from '../users/uniqueness';
import { ownAccount } from './own-account';

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
  return toUser(await ownAccount(db, userId));
}

import type { Sql } from '../platform/db/database';
import { notFound } from '../shared/errors';
import { findUserById } from '../users/queries';

/** The signed-in account's row; an account deleted meanwhile answers 404. */
export async function ownAccount(db: Sql, userId: number) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('USER_NOT_FOUND', 'This account no longer exists.');
  return row;
}

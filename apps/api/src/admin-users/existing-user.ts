import type { AdminUser } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { notFound } from '../shared/errors';
import { adminUser } from './queries';

/** The account as the Users page shows it, or 404 when there is none. */
export async function existingUser(db: Sql, id: number): Promise<AdminUser> {
  const user = await adminUser(db, id);
  if (!user) throw notFound('USER_NOT_FOUND', `There is no account with id ${id}.`);
  return user;
}

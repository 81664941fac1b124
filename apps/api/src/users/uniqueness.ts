import type { Sql } from '../platform/db/database';
import { conflict, isUniqueViolation, type AppError } from '../shared/errors';
import { findUserByUsername, isEmailTaken } from './queries';

/**
 * A username and an email belong to one account each (usernames compared by
 * their one key, `username_key`; emails case-blind). Registration, an admin
 * creating an admin and a member changing their email all check here first,
 * and map the database's refusal here when two requests race past the check.
 */
export const usernameTaken = () => conflict('USERNAME_TAKEN', 'This username is already taken.', 'username');
export const emailTaken = () => conflict('EMAIL_TAKEN', 'An account with this email already exists.', 'email');

/** Refuses a username or an email another account has (`exceptUserId`: the account being changed). */
export async function assertAccountFree(
  db: Sql,
  account: { username?: string; email?: string },
  exceptUserId?: number,
): Promise<void> {
  if (account.username !== undefined && (await findUserByUsername(db, account.username))) throw usernameTaken();
  if (account.email !== undefined && (await isEmailTaken(db, account.email, exceptUserId))) throw emailTaken();
}

/** The conflict a unique violation on users means, or undefined for any other error. */
export function accountConflict(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, 'users_username_key') || isUniqueViolation(error, 'users_username_norm_key'))
    return usernameTaken();
  if (isUniqueViolation(error, 'users_email_key')) return emailTaken();
  return undefined;
}

import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../shared/errors';

// PRODUCT.md §11: argon2id, at least 19 MiB of memory, t=2, p=1.
// algorithm 2 is Argon2id (a const enum in the typings, so spelled out here).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * The hash of an account whose owner has not chosen a password yet (an
 * invited admin, admin-users/invite.ts): no argon2 hash, so no password
 * matches it; the owner's set-password link replaces it.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-password-set';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // The same time as a real check: a sign-in cannot tell an invited account by its speed.
  if (passwordHash === UNUSABLE_PASSWORD_HASH) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Module state by choice: a pure memo (a hash of a constant; any portal in the process may use the same one).
let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-just-timing');
  await verifyPassword(await dummyHash, password);
}

// Mozilla's list of common passwords (the ones a password rule of 8+ characters still lets through).
const commonList = createRequire(import.meta.url)('fxa-common-password-list') as { test(p: string): boolean };

export function isCommonPassword(password: string): boolean {
  return commonList.test(password) || commonList.test(password.toLowerCase());
}

export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw badRequest('PASSWORD_TOO_COMMON', 'This password is too common. Choose a less predictable one.', field);
  }
}

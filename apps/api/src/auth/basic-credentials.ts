import {
  CONTROL_CHARACTER_MESSAGE,
  INVALID_UNICODE_MESSAGE,
  hasControlCharacter,
  hasInvalidUnicode,
} from '@portal/contract';
import { badRequest } from '../shared/errors';

export const CREDENTIALS_REQUIRED = 'Username and password are required.';

/** Reads `Authorization: Basic base64(username:password)`, as the original client sends it. */
export function parseBasicCredentials(header: string | undefined): { username: string; password: string } {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match?.[1] || match[1].length > 1024)
    throw badRequest('CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED, 'authorization');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest('CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED, 'authorization');
  const username = decoded.slice(0, colon).trim();
  const password = decoded.slice(colon + 1);
  if (!username || !password) throw badRequest('CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED, 'authorization');
  // The same rule as every text field of the contract (`text()`): a NUL never reaches the database.
  if (hasControlCharacter(username))
    throw badRequest('VALIDATION_ERROR', `username: Username ${CONTROL_CHARACTER_MESSAGE}`, 'username');
  if (hasControlCharacter(password))
    throw badRequest('VALIDATION_ERROR', `password: Password ${CONTROL_CHARACTER_MESSAGE}`, 'password');
  // base64 decoding already turns a lone surrogate into U+FFFD; a noncharacter (EF BF BF) gets through it.
  if (hasInvalidUnicode(username))
    throw badRequest('VALIDATION_ERROR', `username: Username ${INVALID_UNICODE_MESSAGE}`, 'username');
  if (hasInvalidUnicode(password))
    throw badRequest('VALIDATION_ERROR', `password: Password ${INVALID_UNICODE_MESSAGE}`, 'password');
  if (username.length > 64 || password.length > 128) {
    throw badRequest('CREDENTIALS_TOO_LONG', 'Username or password is too long.', 'authorization');
  }
  return { username, password };
}

import { badRequest } from '../shared/errors';

export const CREDENTIALS_REQUIRED = 'Username and password are required.';

/** Reads `Authorization: Basic base64(username:password)`, as the original client sends it. */
export function parseBasicCredentials(header: string | undefined): { username: string; password: string } {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match?.[1] || match[1].length > 1024) throw badRequest('CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED, 'authorization');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest('CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED, 'authorization');
  const username = decoded.slice(0, colon).trim();
  const password = decoded.slice(colon + 1);
  if (!username || !password) throw badRequest('CREDENTIALS_REQUIRED', CREDENTIALS_REQUIRED, 'authorization');
  if (username.length > 64 || password.length > 128) {
    throw badRequest('CREDENTIALS_TOO_LONG', 'Username or password is too long.', 'authorization');
  }
  return { username, password };
}

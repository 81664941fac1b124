import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie: after a successful sign-in the browser gets a signed
 * token "this browser has signed in to account N". Failures from elsewhere do
 * not slow such a browser down (`throttle.ts`). One cookie holds the tokens
 * of the last few accounts signed in from the browser.
 *
 * Token: `<userId>.<issuedAtSeconds>.<nonce>.<HMAC-SHA256(key, "userId.issuedAt.nonce")>`;
 * tokens are joined by `~`. The key comes from DEVICE_COOKIE_SECRET, or is
 * derived from the JWT secret (config.ts).
 */
export const DEVICE_COOKIE = 'portal_device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 86_400;
const TOKEN = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;

interface DeviceToken {
  userId: number;
  issuedAt: number;
  nonce: string;
  raw: string;
}

function sign(key: Uint8Array, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The valid, unexpired tokens of the cookie (forged or damaged ones are ignored). */
export function parseDeviceCookie(value: string | undefined, key: Uint8Array, now: Date): DeviceToken[] {
  if (!value || value.length > 1200) return [];
  const tokens: DeviceToken[] = [];
  for (const raw of value.split('~').slice(0, MAX_ACCOUNTS)) {
    const match = TOKEN.exec(raw);
    if (!match) continue;
    const [, userId, issuedAt, nonce, signature] = match;
    const expected = Buffer.from(sign(key, `${userId}.${issuedAt}.${nonce}`));
    const given = Buffer.from(signature!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) continue;
    if (Number(issuedAt) + MAX_AGE_SECONDS < now.getTime() / 1000) continue;
    tokens.push({ userId: Number(userId), issuedAt: Number(issuedAt), nonce: nonce!, raw });
  }
  return tokens;
}

/** The nonce of the browser's token for `userId`, when it has a valid one. */
export function deviceNonceFor(tokens: DeviceToken[], userId: number | undefined): string | undefined {
  return userId === undefined ? undefined : tokens.find((token) => token.userId === userId)?.nonce;
}

/** The Set-Cookie header after a sign-in to `userId`: a fresh token for it, the other accounts' kept. */
export function deviceCookieAfterSignIn(
  tokens: DeviceToken[],
  userId: number,
  key: Uint8Array,
  now: Date,
  secure: boolean,
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const nonce = randomBytes(18).toString('base64url');
  const body = `${userId}.${issuedAt}.${nonce}`;
  const fresh = `${body}.${sign(key, body)}`;
  const kept = tokens.filter((token) => token.userId !== userId).map((token) => token.raw);
  const value = [fresh, ...kept].slice(0, MAX_ACCOUNTS).join('~');
  return `${DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

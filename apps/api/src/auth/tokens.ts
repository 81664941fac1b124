import { createHash, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@portal/contract';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  role: Role;
}

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

// The HMAC key imported once per secret: jose would import the raw bytes
// again on every request (a WebCrypto importKey, about a tenth of a
// transfer's time in the API process).
const verifyKeys = new WeakMap<Uint8Array, KeyObject>();
function verifyKey(secret: Uint8Array): KeyObject {
  let key = verifyKeys.get(secret);
  if (!key) verifyKeys.set(secret, (key = createSecretKey(secret)));
  return key;
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, verifyKey(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
    if (payload.role !== 'admin' && payload.role !== 'member') return null;
    return { userId, sessionId: payload.sid, role: payload.role };
  } catch {
    return null;
  }
}

/** An opaque random token for a refresh or a password-reset link; only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that replaces `token` at its rotation: derived from it
 * with a key only the server has, so that within the grace interval a
 * second refresh with the same token (two tabs at once) can be answered with
 * the same new token without ever storing a token in clear.
 */
export function successorToken(token: string, secret: Uint8Array): string {
  return createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role } from '@portal/contract';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  role: Role;
  /** A support view's token (admin-users/start-support-view.ts): the viewing admin; the guard refuses its writes. */
  viewedBy?: number;
}

/*
 * Access tokens are JWTs signed with HS256 (RFC 7519), made and checked here
 * with node:crypto's HMAC (decision 0026). Every authenticated request
 * verifies one, and jose's WebCrypto verification cost about a third of a
 * transfer's CPU in the API process; this is one synchronous HMAC. Only
 * tokens this server signs are accepted: the header must be exactly HS256,
 * the signature is compared in constant time before anything of the payload
 * is trusted, and `exp` must lie ahead.
 */
const HEADER = base64url(JSON.stringify({ alg: 'HS256' }));

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function signature(signingInput: string, secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = base64url(
    JSON.stringify({
      sid: claims.sessionId,
      role: claims.role,
      sub: String(claims.userId),
      ...(claims.viewedBy !== undefined ? { vby: claims.viewedBy } : {}),
      iat: now,
      exp: now + ttlSeconds,
    }),
  );
  const signingInput = `${HEADER}.${payload}`;
  return `${signingInput}.${signature(signingInput, secret).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A JSON object from a base64url segment, or null. */
function segmentObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [header, payload, signed] = parts as [string, string, string];
  const expected = signature(`${header}.${payload}`, secret);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const head = segmentObject(header);
  // Nothing but the header this server writes: no other algorithm, no `crit` extensions.
  if (!head || head.alg !== 'HS256' || Object.keys(head).some((key) => key !== 'alg' && key !== 'typ')) return null;
  const claims = segmentObject(payload);
  if (!claims) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;

  const userId = Number(claims.sub);
  if (typeof claims.sub !== 'string' || !Number.isSafeInteger(userId) || typeof claims.sid !== 'string') return null;
  if (claims.role !== 'admin' && claims.role !== 'member') return null;
  if (claims.vby !== undefined && !(typeof claims.vby === 'number' && Number.isSafeInteger(claims.vby))) return null;
  return {
    userId,
    sessionId: claims.sid,
    role: claims.role,
    ...(typeof claims.vby === 'number' ? { viewedBy: claims.vby } : {}),
  };
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

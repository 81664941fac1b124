import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../shared/errors';
import { findSessionState } from './sessions';
import { verifyAccessToken } from './tokens';

export interface Principal {
  userId: number;
  sessionId: string;
  role: 'admin' | 'member';
  isMember: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Checks the Bearer token, then the sign-in behind it: a revoked session or a
 * blocked account stops at once, without waiting for the token to expire.
 * The role comes from the database, never from the token alone.
 */
export function authenticate(ctx: AppContext) {
  return async function authenticateRequest(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('AUTH_REQUIRED', 'Sign in to continue.');
    const claims = await verifyAccessToken(match[1], ctx.config.jwtSecret);
    if (!claims) throw unauthorized('TOKEN_INVALID', 'Your session has expired. Please sign in again.');
    const state = await findSessionState(ctx.db, claims.sessionId);
    if (!state || state.revoked || state.user_id !== claims.userId || state.status !== 'active') {
      throw unauthorized('SESSION_ENDED', 'Your session has ended. Please sign in again.');
    }
    request.principal = { userId: state.user_id, sessionId: claims.sessionId, role: state.role, isMember: state.is_member };
  };
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.principal?.role !== 'admin') throw forbidden('ADMIN_ONLY', 'This is for administrators only.');
}

export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.principal?.isMember) throw forbidden('NOT_A_MEMBER', 'This account has no network membership.');
}

/** The signed-in principal of a route behind `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('AUTH_REQUIRED', 'Sign in to continue.');
  return request.principal;
}

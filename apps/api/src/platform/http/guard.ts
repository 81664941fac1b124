import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden, notAMember, sessionEnded, unauthorized } from '../../shared/errors';
import type { Principal } from '../../shared/principal';
import { findSessionState } from '../../auth/sessions';
import { verifyAccessToken } from '../../auth/tokens';
import type { Actor } from '../../audit/write-audit';
import { requireAdminTwoFactor } from '../../two-factor/require-admin-two-factor';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The handler's SQL statement checks the session itself (one round trip fewer on a hot path). */
    sessionCheckedInStatement?: boolean;
    /** An admin route's two-factor choice, from its endpoint (http/route.ts); `adminTwoFactorGate` reads it. */
    twoFactor?: boolean;
    /** A GET that writes (hands out a deposit address on first asking): refused to a read-only support view like any write. */
    writesOnRead?: boolean;
    /** The one write a support view may make: ending itself (me/routes.ts). */
    endsSupportView?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * THE rule of a support view (docs/decisions/0069-support-views-read-only.md): its token
 * reads what the member reads and writes nothing, whatever the route, and never reaches
 * an admin route; checked on the token alone, before any route or statement runs.
 */
function refuseViewWrites(request: FastifyRequest): void {
  const config = request.routeOptions.config;
  if (config.endsSupportView) return;
  if (READS.has(request.method) && !config.writesOnRead && config.scope !== 'admin') return;
  throw forbidden(
    'READ_ONLY_SESSION',
    "This is a read-only support view of the member's account: nothing can be changed from it.",
  );
}

/** The session check of `authenticate`, for a request whose check was left to its statement. */
export async function confirmSession(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const principal = request.principal;
  if (!principal?.sessionUnchecked) return;
  const state = await findSessionState(ctx.db, principal.sessionId);
  if (!state || state.revoked || state.user_id !== principal.userId || state.status !== 'active') throw sessionEnded();
  if (!state.is_member) throw notAMember();
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
    if (claims.viewedBy !== undefined) refuseViewWrites(request);
    const view = claims.viewedBy !== undefined ? { viewedBy: claims.viewedBy } : {};
    if (request.routeOptions.config.sessionCheckedInStatement) {
      // A member route (requireMember passes): the statement checks the rest.
      request.principal = {
        userId: claims.userId,
        sessionId: claims.sessionId,
        role: claims.role,
        isMember: true,
        ...view,
        sessionUnchecked: true,
        checkSession: () => confirmSession(ctx, request),
      };
      return;
    }
    const state = await findSessionState(ctx.db, claims.sessionId);
    if (!state || state.revoked || state.user_id !== claims.userId || state.status !== 'active') {
      throw sessionEnded();
    }
    request.principal = {
      userId: state.user_id,
      sessionId: claims.sessionId,
      role: state.role,
      isMember: state.is_member,
      ...view,
    };
  };
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.principal?.role !== 'admin') throw forbidden('ADMIN_ONLY', 'This is for administrators only.');
}

export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.principal?.isMember) throw notAMember();
}

/** The signed-in principal of a route behind `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('AUTH_REQUIRED', 'Sign in to continue.');
  return request.principal;
}

/** Who does an admin action, and from where: recorded with the action (audit/write-audit.ts). */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: principalOf(request).userId,
  ip: request.ip ?? null,
});

/**
 * The admin scope's `preHandler` (app.ts): a route whose endpoint chose
 * `twoFactor: true` (packages/contract/src/endpoint.ts) asks `requireAdminTwoFactor`,
 * so no route adds the gate, or forgets it, by hand.
 * docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md
 */
export const adminTwoFactorGate = (ctx: AppContext) => async (request: FastifyRequest) => {
  if (request.routeOptions.config.twoFactor) await requireAdminTwoFactor(ctx, principalOf(request).userId);
};

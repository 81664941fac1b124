import type { Principal } from '../shared/principal';
import { forbidden } from '../shared/errors';

/**
 * Who asks. A member sees its own downline only; an admin sees every tree
 * from any member. Network routes live in the signed-in scope (admins need
 * not be members), so this is their guard.
 */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
  isMember: boolean;
}

/** The network reads who asks from the request's principal (`principalOf`, platform/http/guard.ts): it needs nothing of HTTP itself. */
export function viewerOf(principal: Principal): Viewer {
  const viewer = { userId: principal.userId, isAdmin: principal.role === 'admin', isMember: principal.isMember };
  if (!viewer.isAdmin && !viewer.isMember) throw forbidden('NOT_A_MEMBER', 'This account has no network membership.');
  return viewer;
}

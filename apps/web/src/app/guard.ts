import type { SessionState } from '../shared/session/session';
import { ADMIN_ROLE } from '../shared/session/session';

export interface GuardFlags {
  path: string;
  auth: boolean;
  admin: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** /login: end whatever session there is, then show the page. */
  | { kind: 'logout' }
  | { kind: 'redirect'; to: string };

export const LOGIN_PATH = '/login';

/**
 * The navigation guard of the original (seed §2), as a pure function of the
 * route's flags and the session just restored from storage.
 */
export function decide(route: GuardFlags, session: Pick<SessionState, 'isAuthenticated' | 'role'>): GuardDecision {
  if (route.path === LOGIN_PATH) return { kind: 'logout' };
  if (route.auth && !session.isAuthenticated) return { kind: 'redirect', to: '/' };
  if (route.admin && session.role !== ADMIN_ROLE) return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'allow' };
}

import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { api } from '../shared/api/instance';
import { session } from '../shared/session/instance';
import type { RouteHandle } from '../shared/routing';
import { rememberNextPath } from '../shared/next-path';
import type { AppRoute } from '../shared/app-route';
import { decide, type GuardFlags } from './guard';

/**
 * Runs before every navigation to a page: restores the session from storage,
 * then applies the guard (seed §2 "Navigation guard").
 */
export function guardLoader(flags: GuardFlags) {
  return async ({ request }: LoaderFunctionArgs) => {
    let state = session.restore();
    // A tab with no access token but a refresh token (a second tab, a
    // bookmark) resumes the sign-in before the guard decides (docs/decisions/0010-sign-in-that-holds.md).
    if (flags.auth && !state.isAuthenticated && state.refreshToken && (await api.resume())) state = session.restore();
    const decision = decide(flags, state);
    if (decision.kind === 'redirect') {
      // Signed out: `/` (seed §2); the sign-in returns to the page asked for.
      if (decision.to === '/') {
        const url = new URL(request.url);
        rememberNextPath(url.pathname + url.search);
      }
      throw redirect(decision.to);
    }
    if (decision.kind === 'logout') {
      // Visiting /login ends the session; the server is told when there is a refresh token.
      if (state.refreshToken) void api.logout();
      else session.clear();
    }
    return null;
  };
}

/** One entry of the route table as a React Router route: the guard as its loader, the page lazy. */
export function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    caseSensitive: true,
    handle,
    loader: guardLoader(route),
    // The page's own chunk, fetched while the guard runs (in parallel).
    lazy: async () => ({ element: await route.page() }),
  };
}

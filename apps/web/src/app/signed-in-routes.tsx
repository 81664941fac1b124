import type { RouteObject } from 'react-router';
import { api } from '../shared/api/instance';
import { createRefresh } from '../shared/api/refresh';
import { toRouteObject } from './page-routes';
import { APP_ROUTES } from './routes';

// The API client's refresh comes with the signed-in pages (shared/api/refresh.ts): a signed-in tab refreshes and
// hears the other tabs' refreshes from now on. In this chunk, which the server preloads on a signed-in path, it
// is there when a tab resumes its sign-in in the guard.
api.installRefresh(createRefresh);

/** The id of the signed-in frame's route, under which the signed-in pages are. */
export const SIGNED_IN_FRAME_ID = 'signed-in-frame';

/**
 * The signed-in pages (and the public ones), added to the router the first time a path is not a
 * guest page (`discoverSignedInRoutes` in `router.tsx`). This module and the
 * whole route table are a chunk of their own, out of the sign-in page; the
 * server preloads it in the HTML of every other path, so a full load of a
 * signed-in page fetches it alongside the entry, not after it
 * (docs/decisions/0023-a-light-sign-in-page.md, step 6).
 */
export function signedInRoutes(): RouteObject[] {
  return [
    {
      id: SIGNED_IN_FRAME_ID,
      // The signed-in frame (menu, app bar, server state) is a chunk of its own: the guest pages never load it.
      lazy: async () => ({ Component: (await import('./layouts/SignedInFrame')).SignedInFrame }),
      children: APP_ROUTES.filter((r) => r.layout === 'vertical').map(toRouteObject),
    },
    {
      // The pages anyone may open (shared/signed-in-page.ts `publicPage`): no session needed, no signed-in frame.
      lazy: async () => ({ Component: (await import('./layouts/PublicLayout')).PublicLayout }),
      children: APP_ROUTES.filter((r) => r.layout === 'public').map(toRouteObject),
    },
  ];
}

import {
  createBrowserRouter,
  Navigate,
  redirect,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import type { RouteHandle } from '../shared/routing';
import { withNext } from '../shared/next-path';
import { isStyleGuidePath } from '../shared/style-guide-paths';
import { authRoutes } from '../features/auth/routes';
import { guardLoader, toRouteObject } from './page-routes';
import { BlankLayout } from './layouts/BlankLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { RootShell } from './RootShell';

const ROOT_ID = 'root';

/**
 * The routes the entry knows: `/`, the guest pages and the 404. The signed-in
 * pages (`signed-in-routes.tsx`, with the rest of the route table) are added
 * by `discoverSignedInRoutes`, so the sign-in page does not load them.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ID,
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: () => null,
      children: [
        {
          index: true,
          loader: ({ request }: LoaderFunctionArgs) =>
            redirect(withNext('/login', new URL(request.url).searchParams.get('next'))),
          element: <Navigate to="/login" replace />,
        },
        { element: <BlankLayout />, children: authRoutes.map(toRouteObject) },
        {
          path: '*',
          handle: { title: 'Page Not Found' } satisfies RouteHandle,
          loader: guardLoader({ path: '*', auth: false, admin: false }),
          element: <NotFoundPage />,
        },
      ],
    },
  ];
}

/**
 * React Router asks for more routes when a path matches only the 404 (any path
 * but `/` and the guest pages): the style guide's pages when the path is one of
 * theirs, otherwise the signed-in pages, each added then, once per
 * router (later calls find them there). On a full load the server has already
 * preloaded their chunk; after the sign-in form, the form has started it.
 */
export const discoverSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  // The style guide's pages are open to anyone and call no API: they come with neither the signed-in table nor
  // its frame (features/style-guide/routes.tsx).
  if (isStyleGuidePath(path)) {
    const { styleGuideRoutes } = await import('../features/style-guide/routes');
    patch(ROOT_ID, styleGuideRoutes());
    return;
  }
  const { signedInRoutes } = await import('./signed-in-routes');
  patch(ROOT_ID, signedInRoutes());
};

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { patchRoutesOnNavigation: discoverSignedInRoutes });
}

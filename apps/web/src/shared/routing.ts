import { useMatches } from 'react-router';

/** What every route carries in its `handle` (src/app/routes.tsx fills it). */
export interface RouteHandle {
  title: string;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  !!handle && typeof handle === 'object' && typeof (handle as RouteHandle).title === 'string';

/** The title of the deepest matched route that has one. */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

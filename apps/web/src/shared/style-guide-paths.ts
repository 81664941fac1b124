/**
 * The living style guide's pages (`features/style-guide/`), open without
 * sign-in as the original's demo pages were. A plain module without React:
 * the router finds them by path (`app/router.tsx`) and the build tells the
 * server not to preload the signed-in route table on them
 * (`vite.config.ts`, `build/signed-in-preload.ts`).
 */
export const STYLE_GUIDE_PATHS: readonly string[] = ['/typography', '/icons', '/cards', '/tables', '/form-layouts'];

/** Whether a path (a trailing slash allowed, as React Router does) is a style guide page. */
export function isStyleGuidePath(path: string): boolean {
  return STYLE_GUIDE_PATHS.includes(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

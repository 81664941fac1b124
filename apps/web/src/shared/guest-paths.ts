/**
 * The guest pages (`features/auth/routes.tsx`): the only page paths the entry
 * can match on its own. Every other path needs the signed-in route table
 * (`app/signed-in-routes.tsx`), so the build tells the server to preload that
 * table on any path but these and `/` (`build/signed-in-preload.ts`), and the
 * sign-in never returns to one of them (`next-path.ts`). A plain module
 * without React, so that the build can read it too.
 */
export const GUEST_PATHS: readonly string[] = ['/login', '/register', '/forgot-password', '/password-reset'];

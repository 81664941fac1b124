import type { ReactNode } from 'react';
import type { MenuGroupId } from './menu-groups';
import type { MenuIconName } from './menu-icons';

/**
 * What one page of the portal is: path (exact, case-sensitive, as the
 * original wrote it), title, layout, sign-in and admin flags, menu place,
 * and how to load the page. Each feature lists its pages in its own
 * `routes.tsx`, one entry a page: `guestPage` below, `memberPage` or
 * `adminPage` (`signed-in-page.ts`); `src/app/routes.tsx` puts the lists together.
 */
/** `blank`: the guest pages' card; `vertical`: the signed-in frame; `public`: a page anyone may open, signed in or not. */
export type LayoutKind = 'blank' | 'vertical' | 'public';

export interface AppRoute {
  path: string;
  title: string;
  layout: LayoutKind;
  /** Needs a signed-in session (else → `/`). */
  auth: boolean;
  /** Admins only (others → `/dashboard`). */
  admin: boolean;
  /** Guest-only by flag; as in the original only /login acts on it (it ends the session). */
  guest?: boolean;
  /**
   * Place in the navigation; absent = reachable by link only. The item is
   * named by the page's title (`app/layouts/navigation.ts`). The icon is a
   * name from `shared/menu-icons.ts`, so the icons stay out of the sign-in page.
   */
  menu?: MenuPlace;
  /**
   * Loads the page's module on the first visit and renders it: a dynamic
   * `import()`, so every page (and the libraries only it uses) is its own
   * chunk and the sign-in page loads none of the others.
   */
  page: () => Promise<ReactNode>;
}

/** Where the navigation lists a page: its section and icon. */
export interface MenuPlace {
  group: MenuGroupId;
  icon: MenuIconName;
}

export type PageLoader = AppRoute['page'];

const GUEST = { layout: 'blank', auth: false, admin: false, guest: true } as const;

/** A guest page (blank layout, never in the menu). */
export function guestPage(path: string, title: string, page: PageLoader): AppRoute {
  return { path, title, ...GUEST, page };
}

import type { ReactNode } from 'react';
import type { MenuGroupId } from './menu-groups';
import type { MenuIconName } from './menu-icons';

/**
 * What one page of the portal is: path (exact, case-sensitive, as the
 * original wrote it), title, layout, sign-in and admin flags, menu place,
 * and how to load the page. Each feature lists its pages in its own
 * `routes.tsx`; `src/app/routes.tsx` puts the lists together.
 */
export type LayoutKind = 'blank' | 'vertical';

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
   * Place in the navigation; absent = reachable by link only. The icon is a
   * name from `shared/menu-icons.ts`, so the icons stay out of the sign-in page.
   */
  menu?: { group: MenuGroupId; label: string; icon: MenuIconName };
  /**
   * Loads the page's module on the first visit and renders it: a dynamic
   * `import()`, so every page (and the libraries only it uses) is its own
   * chunk and the sign-in page loads none of the others.
   */
  page: () => Promise<ReactNode>;
}

export const GUEST = { layout: 'blank', auth: false, admin: false, guest: true } as const;
export const MEMBER = { layout: 'vertical', auth: true, admin: false } as const;
export const ADMIN_ONLY = { layout: 'vertical', auth: true, admin: true } as const;

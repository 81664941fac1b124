import type { SvgIconComponent } from '@mui/icons-material';
import { MENU_ICONS } from '../../shared/menu-icons';
import { APP_ROUTES, MENU_GROUPS, type AppRoute, type MenuGroupId } from '../routes';

export interface NavSection {
  id: MenuGroupId;
  heading: string | null;
  items: Array<{ path: string; label: string; icon: SvgIconComponent }>;
}

/**
 * Member pages that also work for an admin without a network membership:
 * the trees and placement show the whole network from the company root, and
 * account settings belong to any account. Every other member page answers
 * "no network membership" to such an admin, so the menu does not offer it.
 */
export const PAGES_FOR_ANY_ADMIN: ReadonlySet<string> = new Set([
  '/sponsor-tree',
  '/member-network',
  '/member-network2',
  '/placement',
  '/account-settings',
]);

/** Where a signed-in user starts: admins on the admin dashboard, members on theirs. */
export function homeFor(isAdmin: boolean): string {
  return isAdmin ? '/admindashboard' : '/dashboard';
}

/** Whether a route is one this account can use (the menu shows nothing else). */
export function usableBy(route: Pick<AppRoute, 'path' | 'admin'>, isAdmin: boolean, isMember: boolean): boolean {
  if (route.admin) return isAdmin;
  return isMember || (isAdmin && PAGES_FOR_ANY_ADMIN.has(route.path));
}

/**
 * The navigation for an account: for admins the Admin group (its sections)
 * first, then the member groups they can use; for members the member groups.
 * Each item is named exactly as its page's title.
 */
export function navigationFor(isAdmin: boolean, isMember = true): NavSection[] {
  const groups = isAdmin
    ? [...MENU_GROUPS.filter((g) => g.adminOnly), ...MENU_GROUPS.filter((g) => !g.adminOnly)]
    : MENU_GROUPS.filter((g) => !g.adminOnly);
  return groups
    .map((group) => ({
      id: group.id,
      heading: group.heading,
      items: APP_ROUTES.filter((r) => r.menu?.group === group.id && usableBy(r, isAdmin, isMember)).map((r) => ({
        path: r.path,
        label: r.title,
        icon: MENU_ICONS[r.menu!.icon],
      })),
    }))
    .filter((section) => section.items.length > 0);
}

import { APP_ROUTES, MENU_GROUPS, type AppRoute, type MenuGroupId } from '../routes';

export interface NavSection {
  id: MenuGroupId;
  heading: string | null;
  items: Array<{ path: string; label: string; icon: NonNullable<AppRoute['menu']>['icon'] }>;
}

/** The navigation for a role: the member groups, plus the Admin group (its sections) for admins. */
export function navigationFor(isAdmin: boolean): NavSection[] {
  return MENU_GROUPS.filter((group) => !group.adminOnly || isAdmin)
    .map((group) => ({
      id: group.id,
      heading: group.heading,
      items: APP_ROUTES.filter((r) => r.menu?.group === group.id && (isAdmin || !r.admin)).map((r) => ({
        path: r.path,
        label: r.menu!.label,
        icon: r.menu!.icon,
      })),
    }))
    .filter((section) => section.items.length > 0);
}

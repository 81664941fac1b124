import type { AppRoute, MenuPlace, PageLoader } from './app-route';
import type { MenuGroupId } from './menu-groups';
import type { MenuIconName } from './menu-icons';

// The makers of the signed-in pages' entries. Apart from `app-route.ts` (the guest pages' entries), so that
// they come with the signed-in route table, not in the sign-in page's download
// (docs/decisions/0023-a-light-sign-in-page.md, e2e/sign-in-weight.spec.ts).

/** A page's place in the navigation, for `memberPage`/`adminPage`. */
export function inMenu(group: MenuGroupId, icon: MenuIconName): MenuPlace {
  return { group, icon };
}

const MEMBER = { layout: 'vertical', auth: true, admin: false } as const;
const ADMIN_ONLY = { layout: 'vertical', auth: true, admin: true } as const;

/** The page's loader, after its menu place when the navigation lists it (else it is reached by link only). */
type MenuAndPage = [page: PageLoader] | [menu: MenuPlace, page: PageLoader];

/** The maker of signed-in pages with these flags: `(path, title, [inMenu(…),] page)`. */
function signedInPage(flags: typeof MEMBER | typeof ADMIN_ONLY) {
  return (path: string, title: string, ...menuAndPage: MenuAndPage): AppRoute =>
    menuAndPage.length === 1
      ? { path, title, ...flags, page: menuAndPage[0] }
      : { path, title, ...flags, menu: menuAndPage[0], page: menuAndPage[1] };
}

const PUBLIC = { layout: 'public', auth: false, admin: false } as const;

/**
 * A page anyone may open, signed in or not (the proof of reserves): with the signed-in route table, not in the
 * sign-in page's download, in the public layout (app/layouts/PublicLayout.tsx).
 */
export function publicPage(path: string, title: string, page: PageLoader): AppRoute {
  return { path, title, ...PUBLIC, page };
}

/** A page for signed-in accounts. */
export const memberPage = signedInPage(MEMBER);
/** A page for admins only. */
export const adminPage = signedInPage(ADMIN_ONLY);

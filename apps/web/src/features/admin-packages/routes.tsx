import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** The package catalogue (admins). Each page is loaded on its first visit. */
export const adminPackageRoutes: AppRoute[] = [
  adminPage('/admin/packages', 'Packages', inMenu('adminPlan', 'Inventory2Outlined'), () =>
    import('./AdminPackagesPage').then(({ AdminPackagesPage }) => <AdminPackagesPage />),
  ),
];

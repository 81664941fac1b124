import { adminPage, inMenu, type AppRoute } from '../../shared/app-route';

/** The package catalogue (admins). Each page is loaded on its first visit. */
export const adminPackageRoutes: AppRoute[] = [
  adminPage('/admin/packages', 'Packages', inMenu('adminPlan', 'Inventory2Outlined'), () =>
    import('./AdminPackagesPage').then(({ AdminPackagesPage }) => <AdminPackagesPage />),
  ),
];

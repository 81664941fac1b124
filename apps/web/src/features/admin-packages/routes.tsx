import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** The package catalogue (admins). Each page is loaded on its first visit. */
export const adminPackageRoutes: AppRoute[] = [
  {
    path: '/admin/packages',
    title: 'Packages',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Packages', icon: 'Inventory2Outlined' },
    page: () => import('./AdminPackagesPage').then(({ AdminPackagesPage }) => <AdminPackagesPage />),
  },
];

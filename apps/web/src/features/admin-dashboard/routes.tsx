import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** The admin's dashboard. Each page is loaded on its first visit. */
export const adminDashboardRoutes: AppRoute[] = [
  {
    path: '/admindashboard',
    title: 'Admin Dashboard',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Admin dashboard', icon: 'AdminPanelSettingsOutlined' },
    page: () => import('./AdminDashboardPage').then(({ AdminDashboardPage }) => <AdminDashboardPage />),
  },
];

import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** The admin's dashboard. Each page is loaded on its first visit. */
export const adminDashboardRoutes: AppRoute[] = [
  adminPage('/admindashboard', 'Admin Dashboard', inMenu('admin', 'AdminPanelSettingsOutlined'), () =>
    import('./AdminDashboardPage').then(({ AdminDashboardPage }) => <AdminDashboardPage />),
  ),
];

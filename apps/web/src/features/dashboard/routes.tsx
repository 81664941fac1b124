import type { AppRoute } from '../../shared/app-route';
import { inMenu, memberPage } from '../../shared/signed-in-page';

/** The member's dashboard. Each page is loaded on its first visit. */
export const dashboardRoutes: AppRoute[] = [
  memberPage('/dashboard', 'Dashboard', inMenu('main', 'DashboardOutlined'), () =>
    import('./DashboardPage').then(({ DashboardPage }) => <DashboardPage />),
  ),
];

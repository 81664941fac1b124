import { MEMBER, type AppRoute } from '../../shared/app-route';

/** The member's dashboard. Each page is loaded on its first visit. */
export const dashboardRoutes: AppRoute[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    ...MEMBER,
    menu: { group: 'main', label: 'Dashboard', icon: 'DashboardOutlined' },
    page: () => import('./DashboardPage').then(({ DashboardPage }) => <DashboardPage />),
  },
];

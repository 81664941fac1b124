import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** Account management (admins). Each page is loaded on its first visit. */
export const adminUserRoutes: AppRoute[] = [
  {
    path: '/Users',
    title: 'Users Management',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Users', icon: 'PeopleOutlined' },
    page: () => import('./UsersPage').then(({ UsersPage }) => <UsersPage />),
  },
];

import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Account management (admins). Each page is loaded on its first visit. */
export const adminUserRoutes: AppRoute[] = [
  adminPage('/Users', 'Users Management', inMenu('admin', 'PeopleOutlined'), () =>
    import('./UsersPage').then(({ UsersPage }) => <UsersPage />),
  ),
];

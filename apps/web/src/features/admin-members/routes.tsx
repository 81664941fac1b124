import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** Member management (admins). Each page is loaded on its first visit. */
export const adminMemberRoutes: AppRoute[] = [
  {
    path: '/Members',
    title: 'Members Management',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Members', icon: 'GroupsOutlined' },
    page: () => import('./MembersPage').then(({ MembersPage }) => <MembersPage />),
  },
  {
    path: '/Members/:id',
    title: 'Members Management',
    ...ADMIN_ONLY,
    page: () => import('./MemberDetailPage').then(({ MemberDetailPage }) => <MemberDetailPage />),
  },
];

import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Member management (admins). Each page is loaded on its first visit. */
export const adminMemberRoutes: AppRoute[] = [
  adminPage('/Members', 'Members Management', inMenu('admin', 'GroupsOutlined'), () =>
    import('./MembersPage').then(({ MembersPage }) => <MembersPage />),
  ),
  adminPage('/Members/:id', 'Members Management', () =>
    import('./MemberDetailPage').then(({ MemberDetailPage }) => <MemberDetailPage />),
  ),
  adminPage('/support-view/:id', 'Support view', () =>
    import('./SupportViewPage').then(({ SupportViewPage }) => <SupportViewPage />),
  ),
];

import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Identity checks: the admins' review queue (docs/decisions/0070-identity-checks.md); members upload under Account settings. */
export const identityRoutes: AppRoute[] = [
  adminPage('/admin-identity-checks', 'Identity checks', inMenu('adminApprovals', 'BadgeOutlined'), () =>
    import('./IdentityChecksPage').then(({ IdentityChecksPage }) => <IdentityChecksPage />),
  ),
];

import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** The audit log (admins). Each page is loaded on its first visit. */
export const auditLogRoutes: AppRoute[] = [
  adminPage('/admin/audit-log', 'Audit Log', inMenu('adminPlan', 'PolicyOutlined'), () =>
    import('./AuditLogPage').then(({ AuditLogPage }) => <AuditLogPage />),
  ),
];

import { adminPage, inMenu, type AppRoute } from '../../shared/app-route';

/** The audit log (admins). Each page is loaded on its first visit. */
export const auditLogRoutes: AppRoute[] = [
  adminPage('/admin/audit-log', 'Audit Log', inMenu('adminPlan', 'PolicyOutlined'), () =>
    import('./AuditLogPage').then(({ AuditLogPage }) => <AuditLogPage />),
  ),
];

import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** The audit log (admins). Each page is loaded on its first visit. */
export const auditLogRoutes: AppRoute[] = [
  {
    path: '/admin/audit-log',
    title: 'Audit Log',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Audit log', icon: 'PolicyOutlined' },
    page: () => import('./AuditLogPage').then(({ AuditLogPage }) => <AuditLogPage />),
  },
];

import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Webhooks: the operator's endpoints, signed deliveries and their log (admins; docs/decisions/0066-webhooks.md). */
export const webhookRoutes: AppRoute[] = [
  adminPage('/admin-webhooks', 'Webhooks', inMenu('adminPlan', 'WebhookOutlined'), () =>
    import('./WebhooksPage').then(({ WebhooksPage }) => <WebhooksPage />),
  ),
];

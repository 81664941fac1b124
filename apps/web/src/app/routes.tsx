/**
 * THE route table: the pages of every feature, put together. Each feature
 * lists its own pages beside them (`features/<feature>/routes.tsx`: path,
 * title, layout, flags, menu place, and a lazy `page`); a new page is one
 * entry there (the browser tour in e2e/tour.spec.ts visits every entry).
 * The order below keeps each menu group in the order UI.md gives it.
 */
import type { AppRoute } from '../shared/app-route';
import { accountRoutes } from '../features/account/routes';
import { adminDashboardRoutes } from '../features/admin-dashboard/routes';
import { adminMemberRoutes } from '../features/admin-members/routes';
import { adminPackageRoutes } from '../features/admin-packages/routes';
import { adminTransactionRoutes } from '../features/admin-transactions/routes';
import { adminUserRoutes } from '../features/admin-users/routes';
import { auditLogRoutes } from '../features/audit-log/routes';
import { authRoutes } from '../features/auth/routes';
import { bookRoutes } from '../features/books/routes';
import { bonusRoutes } from '../features/bonuses/routes';
import { conversionRoutes } from '../features/conversions/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { depositRoutes } from '../features/deposits/routes';
import { networkRoutes } from '../features/network/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { packageRoutes } from '../features/packages/routes';
import { planSimulatorRoutes } from '../features/plan-simulator/routes';
import { productRoutes } from '../features/products/routes';
import { refundRoutes } from '../features/refunds/routes';
import { rankReportRoutes, rankRoutes } from '../features/ranks/routes';
import { reserveRoutes } from '../features/reserves/routes';
import { settingsRoutes } from '../features/settings/routes';
import { transferRoutes } from '../features/transfers/routes';
import { walletRoutes } from '../features/wallet/routes';
import { screeningRoutes } from '../features/screening/routes';
import { withdrawalRoutes } from '../features/withdrawals/routes';
import { webhookRoutes } from '../features/webhooks/routes';
import { identityRoutes } from '../features/kyc/routes';
import { glossaryRoutes } from '../features/glossary/routes';

export { type AppRoute } from '../shared/app-route';
export { MENU_GROUPS, type MenuGroupId } from '../shared/menu-groups';

export const APP_ROUTES: AppRoute[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...networkRoutes,
  // Wallet group: wallet, deposits, transfers, withdrawals, conversions, then total income (bonuses).
  ...walletRoutes,
  ...depositRoutes,
  ...transferRoutes,
  ...withdrawalRoutes,
  // Deposits & treasury ends with the screening of the addresses money goes to and comes from.
  ...screeningRoutes,
  ...conversionRoutes,
  ...bonusRoutes,
  ...rankReportRoutes,
  ...packageRoutes,
  ...accountRoutes,
  // Admin group: dashboard, users, members, transactions, the trial balance.
  ...adminDashboardRoutes,
  ...adminUserRoutes,
  ...adminMemberRoutes,
  ...adminTransactionRoutes,
  ...bookRoutes,
  // Open to anyone, in no menu: the published proofs of reserves (the wallet links to it).
  ...reserveRoutes,
  // Open to anyone, in no menu: a mail's unsubscribe link.
  ...notificationRoutes,
  // Open to anyone, in no menu: the glossary the help icons link to.
  ...glossaryRoutes,
  // Plan & catalogue: packages, products, settings, the plan simulator, audit log, webhooks (products also holds member and
  // approval pages, which come after the withdrawal ones in their groups).
  ...adminPackageRoutes,
  ...refundRoutes,
  ...rankRoutes,
  ...productRoutes,
  // Approvals ends with the identity checks, after the redemptions.
  ...identityRoutes,
  ...settingsRoutes,
  ...planSimulatorRoutes,
  ...auditLogRoutes,
  ...webhookRoutes,
];

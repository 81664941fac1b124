import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { authRoutes } from './auth/routes';
import { healthRoutes } from './health/routes';
import { metricsRoutes } from './platform/metrics/routes';
import { outboxRoutes } from './platform/mail/routes';
import { meRoutes } from './me/routes';
import { networkGuestRoutes, networkRoutes } from './network/routes';
import { walletRoutes } from './wallets/routes';
import { dashboardRoutes } from './dashboard/routes';
import { transferRoutes } from './transfers/routes';
import { conversionRoutes } from './conversions/routes';
import { memberAdminRoutes } from './members/routes';
import { userAdminRoutes } from './admin-users/routes';
import { transactionRoutes } from './transactions/routes';
import { bookRoutes } from './books/routes';
import { settingsRoutes } from './settings/routes';
import { changeRoutes } from './changes/routes';
import { auditRoutes } from './audit/routes';
import { packageAdminRoutes, packageRoutes } from './packages/routes';
import { purchaseAdminRoutes, purchaseRoutes } from './purchases/routes';
import { bonusAdminRoutes, bonusGuestRoutes, bonusRoutes } from './bonuses/routes';
import { planAdminRoutes } from './plan/routes';
import { simulatorAdminRoutes } from './simulator/routes';
import { mediaRoutes, productAdminRoutes, productRoutes } from './products/routes';
import { redemptionAdminRoutes, redemptionRoutes } from './redemptions/routes';
import { depositAdminRoutes, depositRoutes } from './deposits/routes';
import { screeningAdminRoutes } from './screening/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { withdrawalAdminRoutes, withdrawalRoutes } from './withdrawals/routes';
import { statementAdminRoutes, statementRoutes } from './statements/routes';
import { rankAdminRoutes, rankRoutes } from './ranks/routes';
import { refundAdminRoutes, refundRoutes } from './refunds/routes';
import { reservesAdminRoutes, reservesGuestRoutes, reservesRoutes } from './reserves/routes';
import { notificationGuestRoutes, notificationRoutes } from './notifications/routes';
import { webhookAdminRoutes } from './webhooks/routes';
import { identityAdminRoutes, identityRoutes } from './kyc/routes';

/**
 * Every domain's routes, by who may call them. The scopes in app.ts apply
 * the guards, so a route cannot forget its own: add a domain here, in the
 * list that matches its audience.
 */
type RouteModule = (ctx: AppContext) => FastifyPluginAsyncZod;

/** No sign-in: `/api/...`. */
export const guestRoutes: Array<[RouteModule, string]> = [
  [healthRoutes, ''],
  [metricsRoutes, ''],
  [authRoutes, '/auth'],
  [mediaRoutes, ''],
  [networkGuestRoutes, ''],
  [reservesGuestRoutes, ''],
  [bonusGuestRoutes, ''],
  [notificationGuestRoutes, ''],
];

/** Any signed-in account: `/api/...`. `networkRoutes` admits members and admins (who see every tree) and guards itself. */
export const accountRoutes: RouteModule[] = [meRoutes, networkRoutes, twoFactorRoutes, notificationRoutes];

/** Signed-in accounts with a network membership: `/api/...`. */
export const memberRoutes: RouteModule[] = [
  dashboardRoutes,
  walletRoutes,
  transferRoutes,
  conversionRoutes,
  packageRoutes,
  purchaseRoutes,
  refundRoutes,
  bonusRoutes,
  productRoutes,
  redemptionRoutes,
  depositRoutes,
  withdrawalRoutes,
  statementRoutes,
  rankRoutes,
  reservesRoutes,
  identityRoutes,
];

/** Admins only: `/api/admin/...`. */
export const adminRoutes: RouteModule[] = [
  outboxRoutes,
  memberAdminRoutes,
  userAdminRoutes,
  transactionRoutes,
  bookRoutes,
  settingsRoutes,
  changeRoutes,
  auditRoutes,
  packageAdminRoutes,
  bonusAdminRoutes,
  planAdminRoutes,
  simulatorAdminRoutes,
  productAdminRoutes,
  redemptionAdminRoutes,
  depositAdminRoutes,
  withdrawalAdminRoutes,
  screeningAdminRoutes,
  statementAdminRoutes,
  rankAdminRoutes,
  reservesAdminRoutes,
  purchaseAdminRoutes,
  refundAdminRoutes,
  webhookAdminRoutes,
  identityAdminRoutes,
];

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { memberPurchases } from './list';
import { allPurchases } from './list-all';
import { buyPackage } from './buy-package';
import { GROUPED_MONEY_ROUTE, memberMoneyInput } from '../platform/http/grouped-money-route';
import { sendIdempotent } from '../ledger/idempotency';

/** `/api/purchases` */
export function purchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.purchases.create, GROUPED_MONEY_ROUTE, async (request, reply) =>
      sendIdempotent(reply, await buyPackage(ctx, memberMoneyInput(request))),
    );

    route(app, endpoints.purchases.list, {}, async (request, reply) =>
      sendList(reply, await memberPurchases(ctx, principalOf(request).userId, request.query)),
    );
  };
}

/** `/api/admin/purchases`: every member's purchases (refunds: apps/api/src/refunds/routes.ts). */
export function purchaseAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.purchases.adminList, {}, async (request, reply) =>
      sendList(reply, await allPurchases(ctx, request.query)),
    );
  };
}

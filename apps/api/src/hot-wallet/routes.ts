import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { actorOf, adminTwoFactorGate } from '../http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { bookCapital } from './book-capital';
import { moveTreasuryToHot } from './move-from-treasury';

/**
 * `/api/admin/hot-wallet`: moving money to the hot wallet and booking capital
 * are admin money actions, so two-factor first
 * (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
 */
export function hotWalletAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      endpoints.hotWallet.adminMoveFromTreasury,
      { preHandler: adminTwoFactorGate(ctx) },
      async (request, reply) =>
        sendIdempotent(
          reply,
          await moveTreasuryToHot(ctx, actorOf(request), request.body, request.headers['idempotency-key']),
        ),
    );

    route(app, endpoints.hotWallet.adminBookCapital, { preHandler: adminTwoFactorGate(ctx) }, async (request, reply) =>
      sendIdempotent(reply, await bookCapital(ctx, actorOf(request), request.body, request.headers['idempotency-key'])),
    );
  };
}

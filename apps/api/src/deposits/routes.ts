import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { principalOf, actorOf, adminTwoFactorGate } from '../http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { bookCapital } from './book-capital';
import { listConsolidations, startConsolidation } from './consolidation';
import { depositAddress } from './deposit-address';
import { adminDeposits, memberDeposits } from './list';
import { moveTreasuryToHot } from './move-from-treasury';
import { chainWallets } from './wallets';

/** `/api/deposits` (members). */
export function depositRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.deposits.address, {}, async (request) => depositAddress(ctx, principalOf(request).userId));

    route(app, endpoints.deposits.list, {}, async (request) =>
      memberDeposits(ctx, principalOf(request).userId, request.query),
    );
  };
}

/** `/api/admin/deposits`, `/api/admin/consolidations`, `/api/admin/chain/wallets`, `/api/admin/hot-wallet`. */
export function depositAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.deposits.adminList, {}, async (request, reply) =>
      sendList(reply, await adminDeposits(ctx, request.query)),
    );

    route(app, endpoints.deposits.adminConsolidations, {}, async (request) => listConsolidations(ctx, request.query));

    // Sweeping the deposit addresses needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
    route(
      app,
      endpoints.deposits.adminConsolidate,
      {
        preHandler: adminTwoFactorGate(ctx),
      },
      async (request, reply) => reply.code(201).send(await startConsolidation(ctx, actorOf(request))),
    );

    route(app, endpoints.deposits.adminChainWallets, {}, async (request) => chainWallets(ctx, request.query));

    // Funding the hot wallet moves or books money: an admin with two-factor, like sweeping.
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf, actorOf } from '../platform/http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { bookCapital } from './book-capital';
import { listConsolidations, startConsolidation } from './consolidation';
import { depositAddress } from './deposit-address';
import { creditHeldDeposit, rejectHeldDeposit } from './held';
import { adminDeposits, memberDeposits } from './list';
import { recoverDeposit } from './recover-deposit';
import { moveTreasuryToHot } from './move-from-treasury';
import { cancelRescan } from './rescan/cancel';
import { listRescans, readRescan } from './rescan/list';
import { startRescan } from './rescan/start';
import { chainWallets } from './wallets';
import { signWhereKeysAre } from '../signing/hand-off';

/** `/api/deposits` (members). */
export function depositRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Hands out an address on first asking: a write to a read-only support view (platform/http/guard.ts).
    route(app, endpoints.deposits.address, { config: { writesOnRead: true } }, async (request) =>
      depositAddress(ctx, principalOf(request).userId),
    );

    route(app, endpoints.deposits.list, {}, async (request) =>
      memberDeposits(ctx, principalOf(request).userId, request.query),
    );

    route(app, endpoints.deposits.recover, {}, async (request) =>
      recoverDeposit(ctx, { txHash: request.body.txHash, memberId: principalOf(request).userId }),
    );
  };
}

/** `/api/admin/deposits`, `/api/admin/deposit-rescans`, `/api/admin/consolidations`, `/api/admin/chain/wallets`, `/api/admin/hot-wallet`. */
export function depositAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.deposits.adminList, {}, async (request, reply) =>
      sendList(reply, await adminDeposits(ctx, request.query)),
    );

    route(app, endpoints.deposits.adminRecover, {}, async (request) =>
      recoverDeposit(ctx, { txHash: request.body.txHash, actor: actorOf(request) }),
    );

    route(app, endpoints.deposits.adminRescans, {}, async (request) => listRescans(ctx, request.query));

    route(app, endpoints.deposits.adminRescan, {}, async (request) => readRescan(ctx, request.params.id));

    route(app, endpoints.deposits.adminStartRescan, {}, async (request, reply) =>
      reply.code(201).send(await startRescan(ctx, actorOf(request), request.body)),
    );

    route(app, endpoints.deposits.adminCancelRescan, {}, async (request) =>
      cancelRescan(ctx, actorOf(request), request.params.id),
    );

    route(app, endpoints.deposits.adminConsolidations, {}, async (request) => listConsolidations(ctx, request.query));

    route(app, endpoints.deposits.adminCreditHeld, {}, async (request, reply) =>
      sendIdempotent(
        reply,
        await creditHeldDeposit(ctx, actorOf(request), request.params.id, request.headers['idempotency-key']),
      ),
    );

    route(app, endpoints.deposits.adminRejectHeld, {}, async (request) =>
      rejectHeldDeposit(ctx, actorOf(request), request.params.id, request.body.reason),
    );

    // Signing: done by the process that holds the keys (signing/hand-off.ts).
    route(app, endpoints.deposits.adminConsolidate, {}, async (request, reply) => {
      const actor = actorOf(request);
      return reply
        .code(201)
        .send(await signWhereKeysAre(ctx, 'consolidation', actor, {}, () => startConsolidation(ctx, actor)));
    });

    route(app, endpoints.deposits.adminChainWallets, {}, async (request) => chainWallets(ctx, request.query));

    // Funding the hot wallet moves or books money: an admin with two-factor, like sweeping.
    route(app, endpoints.hotWallet.adminMoveFromTreasury, {}, async (request, reply) => {
      const [actor, body, key] = [actorOf(request), request.body, request.headers['idempotency-key']];
      return sendIdempotent(
        reply,
        await signWhereKeysAre(ctx, 'treasury_move', actor, { body, idempotencyKey: key }, () =>
          moveTreasuryToHot(ctx, actor, body, key),
        ),
      );
    });

    route(app, endpoints.hotWallet.adminBookCapital, {}, async (request, reply) =>
      sendIdempotent(reply, await bookCapital(ctx, actorOf(request), request.body, request.headers['idempotency-key'])),
    );
  };
}

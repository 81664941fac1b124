import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { principalOf } from '../http/guard';
import { actorOf } from '../audit/service';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { adminTwoFactorGate } from '../two-factor/service';
import { createWithdrawalService } from './service';

/** `/api/withdrawals`, `/api/withdrawal-addresses`: the member's side. */
export function withdrawalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const withdrawals = createWithdrawalService(ctx);
  return async (app) => {
    route(app, endpoints.withdrawals.create, {}, async (request, reply) => sendIdempotent(reply, await withdrawals.request(principalOf(request).userId, request.body, request.headers['idempotency-key'])));

    route(app, endpoints.withdrawals.list, {}, async (request, reply) => sendList(reply, await withdrawals.mine(principalOf(request).userId, request.query)));

    route(app, endpoints.withdrawals.terms, {}, async (request) => withdrawals.terms(principalOf(request).userId));

    route(app, endpoints.withdrawals.quote, {}, async (request) => withdrawals.quote(principalOf(request).userId, request.query.amount));

    route(app, endpoints.withdrawals.addresses, {}, async (request) => withdrawals.addresses(principalOf(request).userId));

    route(app, endpoints.withdrawals.addAddress, {}, async (request, reply) => reply.code(201).send(await withdrawals.addAddress(principalOf(request).userId, request.body.address, request.body.label)));

    route(app, endpoints.withdrawals.removeAddress, {}, async (request, reply) => {
      await withdrawals.removeAddress(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}

/** `/api/admin/withdrawals`: approval, rejection, payouts, the hot wallet. */
export function withdrawalAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const withdrawals = createWithdrawalService(ctx);
  // Money out needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const twoFactor = adminTwoFactorGate(ctx);
  return async (app) => {
    route(app, endpoints.withdrawals.adminList, {}, async (request, reply) => sendList(reply, await withdrawals.list(request.query)));

    route(app, endpoints.withdrawals.adminHotWallet, {}, async () => withdrawals.hotWallet());

    route(app, endpoints.withdrawals.adminActivity, {}, async (request) => withdrawals.recentActivity(request.params.id));

    route(app, endpoints.withdrawals.adminApproveMany, {
      preHandler: twoFactor,
    }, async (request) => withdrawals.approve(actorOf(request), request.body.ids, request.body.totpCode));

    route(app, endpoints.withdrawals.adminRejectMany, {}, async (request) => withdrawals.reject(actorOf(request), request.body.ids, request.body.reason));

    route(app, endpoints.withdrawals.adminApprove, {
      preHandler: twoFactor,
    }, async (request) => withdrawals.approveOne(actorOf(request), request.params.id, request.body?.totpCode));

    route(app, endpoints.withdrawals.adminReject, {}, async (request) => withdrawals.rejectOne(actorOf(request), request.params.id, request.body.reason));

    route(app, endpoints.withdrawals.adminRetry, {
      preHandler: twoFactor,
    }, async (request) => withdrawals.retry(actorOf(request), request.params.id));

    route(app, endpoints.withdrawals.adminRefund, {}, async (request) => withdrawals.refundFailed(actorOf(request), request.params.id));

    route(app, endpoints.withdrawals.adminMemberAddresses, {}, async (request) => withdrawals.addresses(request.params.id, true));
  };
}

import { listRestoreChecks } from './restore-checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf, actorOf } from '../platform/http/guard';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { addWithdrawalAddress, removeWithdrawalAddress, withdrawalAddresses } from './address-book';
import { adminWithdrawals, memberWithdrawals } from './list';
import { hotWalletBalances } from './payout/hot-wallet';
import { quoteWithdrawal, requestWithdrawal, withdrawalTerms } from './request';
import {
  approveWithdrawal,
  approveWithdrawals,
  refundFailedPayout,
  rejectWithdrawal,
  rejectWithdrawals,
  retryPayout,
  withdrawalActivity,
} from './review';

/** `/api/withdrawals`, `/api/withdrawal-addresses`: the member's side. */
export function withdrawalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.withdrawals.create, {}, async (request, reply) =>
      sendIdempotent(
        reply,
        await requestWithdrawal(
          ctx,
          principalOf(request).userId,
          request.body,
          request.headers['idempotency-key'],
          principalOf(request).sessionId,
        ),
      ),
    );

    route(app, endpoints.withdrawals.list, {}, async (request, reply) =>
      sendList(reply, await memberWithdrawals(ctx, principalOf(request).userId, request.query)),
    );

    route(app, endpoints.withdrawals.terms, {}, async (request) => withdrawalTerms(ctx, principalOf(request).userId));

    route(app, endpoints.withdrawals.quote, {}, async (request) =>
      quoteWithdrawal(ctx, principalOf(request).userId, request.query.amount),
    );

    route(app, endpoints.withdrawals.addresses, {}, async (request) =>
      withdrawalAddresses(ctx, principalOf(request).userId),
    );

    route(app, endpoints.withdrawals.addAddress, {}, async (request, reply) =>
      reply
        .code(201)
        .send(
          await addWithdrawalAddress(
            ctx,
            principalOf(request).userId,
            request.body.address,
            request.body.label,
            principalOf(request).sessionId,
          ),
        ),
    );

    route(app, endpoints.withdrawals.removeAddress, {}, async (request, reply) => {
      await removeWithdrawalAddress(
        ctx,
        principalOf(request).userId,
        request.params.id,
        principalOf(request).sessionId,
      );
      return reply.code(204).send(null);
    });
  };
}

/** `/api/admin/withdrawals`: approval, rejection, payouts, the hot wallet. */
export function withdrawalAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.withdrawals.adminList, {}, async (request, reply) =>
      sendList(reply, await adminWithdrawals(ctx, request.query)),
    );

    route(app, endpoints.withdrawals.adminHotWallet, {}, async () => hotWalletBalances(ctx));

    route(app, endpoints.withdrawals.adminRestoreChecks, {}, async () => listRestoreChecks(ctx));

    route(app, endpoints.withdrawals.adminActivity, {}, async (request) => withdrawalActivity(ctx, request.params.id));

    route(app, endpoints.withdrawals.adminApproveMany, {}, async (request) =>
      approveWithdrawals(ctx, actorOf(request), request.body.ids, request.body.totpCode),
    );

    route(app, endpoints.withdrawals.adminRejectMany, {}, async (request) =>
      rejectWithdrawals(ctx, actorOf(request), request.body.ids, request.body.reason),
    );

    route(app, endpoints.withdrawals.adminApprove, {}, async (request) =>
      approveWithdrawal(ctx, actorOf(request), request.params.id, request.body?.totpCode),
    );

    route(app, endpoints.withdrawals.adminReject, {}, async (request) =>
      rejectWithdrawal(ctx, actorOf(request), request.params.id, request.body.reason),
    );

    route(app, endpoints.withdrawals.adminRetry, {}, async (request) =>
      retryPayout(ctx, actorOf(request), request.params.id),
    );

    route(app, endpoints.withdrawals.adminRefund, {}, async (request) =>
      refundFailedPayout(ctx, actorOf(request), request.params.id),
    );

    route(app, endpoints.withdrawals.adminMemberAddresses, {}, async (request) =>
      withdrawalAddresses(ctx, request.params.id, true),
    );
  };
}

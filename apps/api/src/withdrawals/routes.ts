import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalListQuerySchema,
  apiErrorSchema,
  approvalCodeBodySchema,
  bulkApproveBodySchema,
  bulkRejectBodySchema,
  bulkResultSchema,
  hotWalletSchema,
  idempotencyHeadersSchema,
  idParamSchema,
  memberActivitySchema,
  rejectionBodySchema,
  withdrawalAddressBodySchema,
  withdrawalAddressListSchema,
  withdrawalAddressSchema,
  withdrawalBodySchema,
  withdrawalListQuerySchema,
  withdrawalPageSchema,
  withdrawalQuoteQuerySchema,
  withdrawalQuoteSchema,
  withdrawalSchema,
  withdrawalTermsSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { actorOf } from '../audit/service';
import { sendIdempotent } from '../ledger/idempotency';
import { sendList } from '../shared/list-reply';
import { adminTwoFactorGate } from '../two-factor/service';
import { addWithdrawalAddress, removeWithdrawalAddress, withdrawalAddresses } from './address-book';
import { adminWithdrawals, memberWithdrawals } from './list';
import { hotWalletBalances } from './payout/hot-wallet';
import { quoteWithdrawal, requestWithdrawal, withdrawalTerms } from './request';
import { approveWithdrawal, approveWithdrawals, refundFailedPayout, rejectWithdrawal, rejectWithdrawals, retryPayout, withdrawalActivity } from './review';
import { secondFactorAnswers } from '../two-factor/guard';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/withdrawals`, `/api/withdrawal-addresses`: the member's side. */
export function withdrawalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/withdrawals', {
      schema: {
        tags: ['withdrawals'],
        summary: 'Ask to withdraw from the income wallet to a saved BEP20 address (accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: withdrawalBodySchema,
        response: { 201: withdrawalSchema, ...errors, ...secondFactorAnswers },
      },
    }, async (request, reply) => sendIdempotent(reply, await requestWithdrawal(ctx, principalOf(request).userId, request.body, request.headers['idempotency-key'])));

    app.get('/withdrawals', {
      schema: { tags: ['withdrawals'], summary: 'Your withdrawals', querystring: withdrawalListQuerySchema, response: { 200: withdrawalPageSchema, ...errors } },
    }, async (request, reply) => sendList(reply, await memberWithdrawals(ctx, principalOf(request).userId, request.query)));

    app.get('/withdrawals/terms', {
      schema: { tags: ['withdrawals'], summary: 'Minimum, fee, two-factor and hold rules in force, and your income balance', response: { 200: withdrawalTermsSchema, ...errors } },
    }, async (request) => withdrawalTerms(ctx, principalOf(request).userId));

    app.get('/withdrawals/quote', {
      schema: { tags: ['withdrawals'], summary: 'The fee and what arrives for an amount; refuses what the request would refuse', querystring: withdrawalQuoteQuerySchema, response: { 200: withdrawalQuoteSchema, ...errors } },
    }, async (request) => quoteWithdrawal(ctx, principalOf(request).userId, request.query.amount));

    app.get('/withdrawal-addresses', {
      schema: { tags: ['withdrawals'], summary: 'Your saved withdrawal addresses, with the hold in force', response: { 200: withdrawalAddressListSchema, ...errors } },
    }, async (request) => withdrawalAddresses(ctx, principalOf(request).userId));

    app.post('/withdrawal-addresses', {
      schema: { tags: ['withdrawals'], summary: 'Save a withdrawal address (usable after the hold; you are told by mail)', body: withdrawalAddressBodySchema, response: { 201: withdrawalAddressSchema, ...errors } },
    }, async (request, reply) => reply.code(201).send(await addWithdrawalAddress(ctx, principalOf(request).userId, request.body.address, request.body.label)));

    app.delete('/withdrawal-addresses/:id', {
      schema: { tags: ['withdrawals'], summary: 'Remove a saved withdrawal address', params: idParamSchema, response: { 204: z.null(), ...errors } },
    }, async (request, reply) => {
      await removeWithdrawalAddress(ctx, principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}

/** `/api/admin/withdrawals`: approval, rejection, payouts, the hot wallet. */
export function withdrawalAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Money out needs an admin with two-factor (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
  const twoFactor = adminTwoFactorGate(ctx);
  return async (app) => {
    app.get('/withdrawals', {
      schema: { tags: ['withdrawals'], summary: 'Every withdrawal (`status=`, search, dates; `format=csv`)', querystring: adminWithdrawalListQuerySchema, response: { 200: withdrawalPageSchema, ...errors } },
    }, async (request, reply) => sendList(reply, await adminWithdrawals(ctx, request.query)));

    app.get('/withdrawals/hot-wallet', {
      schema: { tags: ['withdrawals'], summary: "The hot wallet's token and gas balances against what approved and pending withdrawals need", response: { 200: hotWalletSchema, ...errors } },
    }, async () => hotWalletBalances(ctx));

    app.get('/withdrawals/:id/activity', {
      schema: { tags: ['withdrawals'], summary: "The member's latest wallet movements", params: idParamSchema, response: { 200: memberActivitySchema, ...errors } },
    }, async (request) => withdrawalActivity(ctx, request.params.id));

    app.post('/withdrawals/approve', {
      preHandler: twoFactor,
      schema: {
        tags: ['withdrawals'],
        summary: 'Approve many pending withdrawals at once (their payouts are queued); above the large-approval threshold with a fresh `totpCode`',
        body: bulkApproveBodySchema,
        response: { 200: bulkResultSchema, ...errors, ...secondFactorAnswers },
      },
    }, async (request) => approveWithdrawals(ctx, actorOf(request), request.body.ids, request.body.totpCode));

    app.post('/withdrawals/reject', {
      schema: { tags: ['withdrawals'], summary: 'Reject many pending withdrawals with one reason (each refunded)', body: bulkRejectBodySchema, response: { 200: bulkResultSchema, ...errors } },
    }, async (request) => rejectWithdrawals(ctx, actorOf(request), request.body.ids, request.body.reason));

    app.post('/withdrawals/:id/approve', {
      preHandler: twoFactor,
      schema: {
        tags: ['withdrawals'],
        summary: 'Approve a pending withdrawal (its payout is queued); above the large-approval threshold with a fresh `totpCode`',
        params: idParamSchema,
        body: approvalCodeBodySchema.nullish(),
        response: { 200: withdrawalSchema, ...errors, ...secondFactorAnswers },
      },
    }, async (request) => approveWithdrawal(ctx, actorOf(request), request.params.id, request.body?.totpCode));

    app.post('/withdrawals/:id/reject', {
      schema: { tags: ['withdrawals'], summary: 'Reject a pending withdrawal with a reason; the whole amount is refunded', params: idParamSchema, body: rejectionBodySchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => rejectWithdrawal(ctx, actorOf(request), request.params.id, request.body.reason));

    app.post('/withdrawals/:id/retry', {
      preHandler: twoFactor,
      schema: { tags: ['withdrawals'], summary: 'Try a failed payout again (after funding the hot wallet)', params: idParamSchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => retryPayout(ctx, actorOf(request), request.params.id));

    app.post('/withdrawals/:id/refund', {
      schema: { tags: ['withdrawals'], summary: 'Refund a failed payout to the member’s income wallet', params: idParamSchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => refundFailedPayout(ctx, actorOf(request), request.params.id));

    app.get('/members/:id/withdrawal-addresses', {
      schema: { tags: ['withdrawals'], summary: "A member's withdrawal addresses, removed ones included (the history)", params: idParamSchema, response: { 200: withdrawalAddressListSchema, ...errors } },
    }, async (request) => withdrawalAddresses(ctx, request.params.id, true));
  };
}

import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalListQuerySchema,
  apiErrorSchema,
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
  type Withdrawal,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { actorOf, writeAudit } from '../audit/service';
import { csvFilename, csvStream, everyRow, sendCsv, type CsvColumn } from '../shared/csv';
import { conflict, notFound } from '../shared/errors';
import { pageResult, pageWindow } from '../shared/pagination';
import { payoutChainOf } from './payout/chain';
import { kickPayouts } from './payout/registry';
import { createPayoutService } from './payout/service';
import { createWithdrawalService } from './service';
import { sendIdempotent } from '../ledger/idempotency';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

function services(ctx: AppContext) {
  const withdrawals = createWithdrawalService(ctx, { explorerTx: (hash) => payoutChainOf(ctx)?.explorerTx(hash) ?? null });
  return { withdrawals, payouts: createPayoutService(ctx) };
}

/** `/api/withdrawals`, `/api/withdrawal-addresses`: the member's side. */
export function withdrawalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { withdrawals } = services(ctx);
  return async (app) => {
    app.post('/withdrawals', {
      schema: {
        tags: ['withdrawals'],
        summary: 'Ask to withdraw from the income wallet to a saved BEP20 address (accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: withdrawalBodySchema,
        response: { 201: withdrawalSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await withdrawals.request(principalOf(request).userId, request.body, request.headers['idempotency-key']);
      return sendIdempotent(reply, answer);
    });

    app.get('/withdrawals', {
      schema: { tags: ['withdrawals'], summary: 'Your withdrawals', querystring: withdrawalListQuerySchema, response: { 200: withdrawalPageSchema, ...errors } },
    }, async (request) => {
      const { items, total } = await withdrawals.list(request.query, pageWindow(request.query), principalOf(request).userId);
      return pageResult(items, total, request.query);
    });

    app.get('/withdrawals/terms', {
      schema: { tags: ['withdrawals'], summary: 'Minimum, fee, two-factor and hold rules in force, and your income balance', response: { 200: withdrawalTermsSchema, ...errors } },
    }, async (request) => withdrawals.terms(principalOf(request).userId));

    app.get('/withdrawals/quote', {
      schema: { tags: ['withdrawals'], summary: 'The fee and what arrives for an amount; refuses what the request would refuse', querystring: withdrawalQuoteQuerySchema, response: { 200: withdrawalQuoteSchema, ...errors } },
    }, async (request) => withdrawals.quote(principalOf(request).userId, request.query.amount));

    app.get('/withdrawal-addresses', {
      schema: { tags: ['withdrawals'], summary: 'Your saved withdrawal addresses, with the hold in force', response: { 200: withdrawalAddressListSchema, ...errors } },
    }, async (request) => withdrawals.addresses(principalOf(request).userId));

    app.post('/withdrawal-addresses', {
      schema: { tags: ['withdrawals'], summary: 'Save a withdrawal address (usable after the hold; you are told by mail)', body: withdrawalAddressBodySchema, response: { 201: withdrawalAddressSchema, ...errors } },
    }, async (request, reply) => reply.code(201).send(await withdrawals.addAddress(principalOf(request).userId, request.body.address, request.body.label)));

    app.delete('/withdrawal-addresses/:id', {
      schema: { tags: ['withdrawals'], summary: 'Remove a saved withdrawal address', params: idParamSchema, response: { 204: z.null(), ...errors } },
    }, async (request, reply) => {
      await withdrawals.removeAddress(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}

const CSV_COLUMNS: CsvColumn<Withdrawal>[] = [
  { header: 'id', value: (w) => w.id },
  { header: 'created_at', value: (w) => w.createdAt },
  { header: 'member', value: (w) => w.member.username },
  { header: 'amount', value: (w) => w.amount, raw: true },
  { header: 'fee', value: (w) => w.fee, raw: true },
  { header: 'net', value: (w) => w.net, raw: true },
  { header: 'address', value: (w) => w.address },
  { header: 'status', value: (w) => w.status },
  { header: 'reason', value: (w) => w.reason },
  { header: 'tx_hash', value: (w) => w.txHash },
  { header: 'block', value: (w) => w.blockNumber },
  { header: 'paid_at', value: (w) => w.paidAt },
];

/** `/api/admin/withdrawals`: approval, rejection, payouts, the hot wallet. */
export function withdrawalAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { withdrawals, payouts } = services(ctx);
  return async (app) => {
    app.get('/withdrawals', {
      schema: { tags: ['withdrawals'], summary: 'Every withdrawal (`status=`, search, dates; `format=csv`)', querystring: adminWithdrawalListQuerySchema, response: { 200: withdrawalPageSchema, ...errors } },
    }, async (request, reply) => {
      const query = request.query;
      if (query.format === 'csv') {
        const rows = everyRow<Withdrawal>(async (window) => (await withdrawals.list(query, window)).items, false);
        return sendCsv(reply, csvFilename('withdrawals', ctx.now()), csvStream(CSV_COLUMNS, rows));
      }
      const { items, total } = await withdrawals.list(query, pageWindow(query));
      return pageResult(items, total, query);
    });

    app.get('/withdrawals/hot-wallet', {
      schema: { tags: ['withdrawals'], summary: "The hot wallet's token and gas balances against what approved and pending withdrawals need", response: { 200: hotWalletSchema, ...errors } },
    }, async () => payouts.hotWallet());

    app.get('/withdrawals/:id/activity', {
      schema: { tags: ['withdrawals'], summary: "The member's latest wallet movements", params: idParamSchema, response: { 200: memberActivitySchema, ...errors } },
    }, async (request) => {
      await withdrawals.get(request.params.id);
      return withdrawals.recentActivity(request.params.id);
    });

    const approve = async (request: FastifyRequest, ids: number[]) => {
      const result = await withdrawals.approve(actorOf(request), ids, (tx, done) => payouts.queue(tx, done));
      if (result.done.length > 0) kickPayouts(ctx);
      return result;
    };

    app.post('/withdrawals/approve', {
      schema: { tags: ['withdrawals'], summary: 'Approve many pending withdrawals at once (their payouts are queued)', body: bulkApproveBodySchema, response: { 200: bulkResultSchema, ...errors } },
    }, async (request) => approve(request, request.body.ids));

    app.post('/withdrawals/reject', {
      schema: { tags: ['withdrawals'], summary: 'Reject many pending withdrawals with one reason (each refunded)', body: bulkRejectBodySchema, response: { 200: bulkResultSchema, ...errors } },
    }, async (request) => withdrawals.reject(actorOf(request), request.body.ids, request.body.reason));

    app.post('/withdrawals/:id/approve', {
      schema: { tags: ['withdrawals'], summary: 'Approve a pending withdrawal (its payout is queued)', params: idParamSchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => {
      const result = await approve(request, [request.params.id]);
      if (result.skipped[0]) throw result.skipped[0].message.startsWith('There is no') ? notFound('WITHDRAWAL_NOT_FOUND', result.skipped[0].message) : conflict('WITHDRAWAL_NOT_PENDING', result.skipped[0].message);
      return withdrawals.get(request.params.id);
    });

    app.post('/withdrawals/:id/reject', {
      schema: { tags: ['withdrawals'], summary: 'Reject a pending withdrawal with a reason; the whole amount is refunded', params: idParamSchema, body: rejectionBodySchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => {
      const result = await withdrawals.reject(actorOf(request), [request.params.id], request.body.reason);
      if (result.skipped[0]) throw result.skipped[0].message.startsWith('There is no') ? notFound('WITHDRAWAL_NOT_FOUND', result.skipped[0].message) : conflict('WITHDRAWAL_NOT_PENDING', result.skipped[0].message);
      return withdrawals.get(request.params.id);
    });

    app.post('/withdrawals/:id/retry', {
      schema: { tags: ['withdrawals'], summary: 'Try a failed payout again (after funding the hot wallet)', params: idParamSchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => {
      const id = request.params.id;
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
        if (!rows[0]) throw notFound('WITHDRAWAL_NOT_FOUND', 'There is no such withdrawal.');
        if (rows[0].status !== 'failed') throw conflict('WITHDRAWAL_NOT_FAILED', `Only a failed payout can be retried; this withdrawal is ${rows[0].status}.`);
        await payouts.retry(tx, id);
        await writeAudit(tx, { actor: actorOf(request), action: 'withdrawal.retry', targetType: 'withdrawal', targetId: id });
      });
      kickPayouts(ctx);
      return withdrawals.get(id);
    });

    app.post('/withdrawals/:id/refund', {
      schema: { tags: ['withdrawals'], summary: 'Refund a failed payout to the member’s income wallet', params: idParamSchema, response: { 200: withdrawalSchema, ...errors } },
    }, async (request) => withdrawals.refundFailed(actorOf(request), request.params.id, (tx, id) => payouts.refundRefusal(tx, id)));

    app.get('/members/:id/withdrawal-addresses', {
      schema: { tags: ['withdrawals'], summary: "A member's withdrawal addresses, removed ones included (the history)", params: idParamSchema, response: { 200: withdrawalAddressListSchema, ...errors } },
    }, async (request) => withdrawals.addresses(request.params.id, true));
  };
}

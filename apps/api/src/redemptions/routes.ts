import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  redemptionAdminListQuerySchema,
  redemptionBodySchema,
  redemptionBulkApproveSchema,
  redemptionBulkRejectSchema,
  redemptionDecisionSchema,
  redemptionIdParamsSchema,
  redemptionListQuerySchema,
  redemptionPageSchema,
  redemptionQuoteQuerySchema,
  redemptionQuoteSchema,
  redemptionRejectSchema,
  redemptionSchema,
  type Redemption,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { actorOf } from '../audit/service';
import { csvFilename, csvStream, everyRow, sendCsv, type CsvColumn } from '../shared/csv';
import { pageResult, pageWindow } from '../shared/pagination';
import { createRedemptionService, listAdminRedemptions } from './service';
import { sendIdempotent } from '../ledger/idempotency';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/redemptions`: redeem a product with points; your history. */
export function redemptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const redemptions = createRedemptionService(ctx);
  return async (app) => {
    app.post('/redemptions', {
      schema: {
        tags: ['redemptions'],
        summary: 'Redeem a product with points from the point wallet; points and stock are taken at once (accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: redemptionBodySchema,
        response: { 201: redemptionSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await redemptions.create(principalOf(request).userId, request.body, request.headers['idempotency-key']);
      return sendIdempotent(reply, answer);
    });

    app.get('/redemptions', {
      schema: { tags: ['redemptions'], summary: 'Your redemptions (status, dates)', querystring: redemptionListQuerySchema, response: { 200: redemptionPageSchema, ...errors } },
    }, async (request) => {
      const { items, total } = await redemptions.list(principalOf(request).userId, request.query, pageWindow(request.query));
      return pageResult(items, total, request.query);
    });

    app.get('/redemptions/quote', {
      schema: {
        tags: ['redemptions'],
        summary: 'Points before and after a redemption; refuses what the redemption would refuse',
        querystring: redemptionQuoteQuerySchema,
        response: { 200: redemptionQuoteSchema, ...errors },
      },
    }, async (request) => redemptions.quote(principalOf(request).userId, request.query.productId, request.query.quantity));
  };
}

const CSV_COLUMNS: CsvColumn<Redemption>[] = [
  { header: 'id', value: (r) => r.id, raw: true },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'member', value: (r) => r.member.username },
  { header: 'full_name', value: (r) => r.member.fullName },
  { header: 'product', value: (r) => r.product.name },
  { header: 'quantity', value: (r) => r.quantity, raw: true },
  { header: 'unit_price_points', value: (r) => r.unitPrice, raw: true },
  { header: 'points', value: (r) => r.points, raw: true },
  { header: 'delivery_address', value: (r) => r.deliveryAddress },
  { header: 'status', value: (r) => r.status },
  { header: 'reason', value: (r) => r.reason },
  { header: 'decided_by', value: (r) => r.decidedBy },
  { header: 'decided_at', value: (r) => r.decidedAt },
  { header: 'entry_id', value: (r) => r.entryId, raw: true },
  { header: 'refund_entry_id', value: (r) => r.refundEntryId, raw: true },
];

/** `/api/admin/redemptions`: the approval list and its history; approve or reject one or many (audited). */
export function redemptionAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const redemptions = createRedemptionService(ctx);
  return async (app) => {
    app.get('/redemptions', {
      schema: {
        tags: ['admin'],
        summary: 'Every redemption; `status=pending` for approval, `status=decided` for the history; `format=csv`',
        querystring: redemptionAdminListQuerySchema,
        response: { 200: redemptionPageSchema, ...errors },
      },
    }, async (request, reply) => {
      const { format, page, pageSize, ...filter } = request.query;
      if (format === 'csv') {
        const rows = everyRow((window) => listAdminRedemptions(ctx.db, filter, window), false);
        return sendCsv(reply, csvFilename('redemptions', ctx.now()), csvStream(CSV_COLUMNS, rows));
      }
      const { items, total } = await redemptions.adminList(filter, pageWindow({ page, pageSize }));
      return pageResult(items, total, request.query);
    });

    app.post('/redemptions/:id/approve', {
      schema: { tags: ['admin'], summary: 'Approve (shipped) one pending redemption (audited)', params: redemptionIdParamsSchema, response: { 200: redemptionSchema, ...errors } },
    }, async (request) => (await redemptions.approve(actorOf(request), [request.params.id]))[0]!);

    app.post('/redemptions/:id/reject', {
      schema: {
        tags: ['admin'],
        summary: 'Reject one pending redemption with a reason: points and stock are returned (audited; accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        params: redemptionIdParamsSchema,
        body: redemptionRejectSchema,
        response: { 200: redemptionSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await redemptions.reject(actorOf(request), [request.params.id], request.body.reason, request.headers['idempotency-key']);
      return sendIdempotent(reply, { ...answer, body: answer.body.items[0]! });
    });

    app.post('/redemptions/approve', {
      schema: {
        tags: ['admin'],
        summary: 'Approve many pending redemptions at once: all of them or none (audited)',
        body: redemptionBulkApproveSchema,
        response: { 200: redemptionDecisionSchema, ...errors },
      },
    }, async (request) => ({ items: await redemptions.approve(actorOf(request), request.body.ids) }));

    app.post('/redemptions/reject', {
      schema: {
        tags: ['admin'],
        summary: 'Reject many pending redemptions with one reason: all of them or none; points and stock returned (audited; accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: redemptionBulkRejectSchema,
        response: { 200: redemptionDecisionSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await redemptions.reject(actorOf(request), request.body.ids, request.body.reason, request.headers['idempotency-key']);
      return sendIdempotent(reply, answer);
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  receiverQuerySchema,
  receiverSchema,
  transferBodySchema,
  transferListQuerySchema,
  transferPageSchema,
  transferQuoteSchema,
  transferSchema,
  transferTermsSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { sendList } from '../shared/list-reply';
import { memberTransfers } from './list';
import { createTransfer } from './create-transfer';
import { findReceiver } from './find-receiver';
import { quoteTransfer } from './quote-transfer';
import { transferTerms } from './transfer-terms';
import { sendIdempotent } from '../ledger/idempotency';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/transfers` */
export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/transfers', {
      // The session is checked by ledger_transfers itself (one round trip fewer).
      config: { sessionCheckedInStatement: true },
      schema: {
        tags: ['transfers'],
        summary: "Send USDT from your deposit wallet to another member's (accepts Idempotency-Key)",
        headers: idempotencyHeadersSchema,
        body: transferBodySchema,
        response: { 201: transferSchema, ...errors },
      },
    }, async (request, reply) => {
      const principal = principalOf(request);
      const answer = await createTransfer(ctx, {
        senderId: principal.userId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        uncheckedSessionId: principal.sessionUnchecked ? principal.sessionId : undefined,
      });
      return sendIdempotent(reply, answer);
    });

    app.get('/transfers', {
      schema: {
        tags: ['transfers'],
        summary: 'Your transfers, `direction=sent` (default) or `received`',
        querystring: transferListQuerySchema,
        response: { 200: transferPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await memberTransfers(ctx.db, principalOf(request).userId, request.query)));

    app.get('/transfers/terms', {
      schema: { tags: ['transfers'], summary: 'The minimum and fee in force', response: { 200: transferTermsSchema, ...errors } },
    }, async () => transferTerms(ctx));

    app.get('/transfers/receiver', {
      schema: {
        tags: ['transfers'],
        summary: 'Look a receiver up by username (full name shown before confirming)',
        querystring: receiverQuerySchema,
        response: { 200: receiverSchema, ...errors },
      },
    }, async (request) => findReceiver(ctx, { senderId: principalOf(request).userId, username: request.query.username }));

    app.get('/transfers/quote', {
      schema: {
        tags: ['transfers'],
        summary: 'What a transfer would take, cost and deliver; refuses what the transfer would refuse (but the balance)',
        querystring: transferBodySchema,
        response: { 200: transferQuoteSchema, ...errors },
      },
    }, async (request) => quoteTransfer(ctx, { senderId: principalOf(request).userId, body: request.query }));
  };
}

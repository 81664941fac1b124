import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  conversionBodySchema,
  conversionListQuerySchema,
  conversionPageSchema,
  conversionQuoteSchema,
  conversionSchema,
  conversionTermsSchema,
  idempotencyHeadersSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { principalOf } from '../auth/guard';
import { sendList } from '../shared/list-reply';
import { memberConversions } from './list';
import { conversionTerms, convertToPoints, quoteConversion } from './service';
import { sendIdempotent } from '../ledger/idempotency';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/conversions` */
export function conversionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/conversions', {
      schema: {
        tags: ['conversions'],
        summary: 'Convert USDT from the income wallet into points (accepts Idempotency-Key)',
        headers: idempotencyHeadersSchema,
        body: conversionBodySchema,
        response: { 201: conversionSchema, ...errors },
      },
    }, async (request, reply) => {
      const answer = await convertToPoints(ctx, principalOf(request).userId, request.body.amount, request.headers['idempotency-key']);
      return sendIdempotent(reply, answer);
    });

    app.get('/conversions', {
      schema: { tags: ['conversions'], summary: 'Your conversions', querystring: conversionListQuerySchema, response: { 200: conversionPageSchema, ...errors } },
    }, async (request, reply) => sendList(reply, await memberConversions(ctx.db, principalOf(request).userId, request.query)));

    app.get('/conversions/terms', {
      schema: { tags: ['conversions'], summary: 'The rate and minimum in force', response: { 200: conversionTermsSchema, ...errors } },
    }, async () => conversionTerms(ctx));

    app.get('/conversions/quote', {
      schema: {
        tags: ['conversions'],
        summary: 'How many points an amount converts to; refuses what the conversion would refuse',
        querystring: conversionBodySchema,
        response: { 200: conversionQuoteSchema, ...errors },
      },
    }, async (request) => quoteConversion(ctx, principalOf(request).userId, request.query.amount));
  };
}

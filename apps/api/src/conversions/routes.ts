import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { memberConversions } from './list';
import { readConversionTerms } from './read-conversion-terms';
import { convertToPoints } from './convert-to-points';
import { quoteConversion } from './quote-conversion';
import { sendIdempotent } from '../ledger/idempotency';

/** `/api/conversions` */
export function conversionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.conversions.create, {}, async (request, reply) => {
      const answer = await convertToPoints(
        ctx,
        principalOf(request).userId,
        request.body.amount,
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, answer);
    });

    route(app, endpoints.conversions.list, {}, async (request, reply) =>
      sendList(reply, await memberConversions(ctx.db, principalOf(request).userId, request.query)),
    );

    route(app, endpoints.conversions.terms, {}, async () => readConversionTerms(ctx));

    route(app, endpoints.conversions.quote, {}, async (request) =>
      quoteConversion(ctx, principalOf(request).userId, request.query.amount),
    );
  };
}

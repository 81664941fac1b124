import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../../context';
import { route } from '../http/route';
import { AppError, notFound } from '../../shared/errors';
import { metricsOf } from './registry';

/**
 * `GET /api/metrics`: the Prometheus text exposition, for an operator's
 * monitoring (README.md, "Monitoring"; docs/architecture.md, "Metrics and
 * health"). Off (404, like any unknown path) without METRICS_TOKEN; with
 * it, only `Authorization: Bearer <METRICS_TOKEN>` is answered. The token
 * is compared by its hash in constant time and never logged (main.ts
 * redacts the authorization header).
 */
const CHALLENGE = { 'www-authenticate': 'Bearer realm="metrics"' };

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const expected = ctx.config.metricsToken ? digest(ctx.config.metricsToken) : undefined;
    route(
      app,
      endpoints.metrics.scrape,
      {
        config: {
          textResponse: {
            contentType: 'text/plain',
            description: 'The metrics in the Prometheus text exposition format (version 0.0.4)',
          },
        },
      },
      async (request, reply) => {
        if (!expected) throw notFound('NOT_FOUND', `No such endpoint: GET ${request.url.split('?')[0]}`);
        const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
        if (!match)
          throw new AppError(
            401,
            'AUTH_REQUIRED',
            'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
            undefined,
            CHALLENGE,
          );
        if (!timingSafeEqual(digest(match[1]!), expected))
          throw new AppError(401, 'TOKEN_INVALID', 'The metrics token is not valid.', undefined, CHALLENGE);
        const { registry } = metricsOf(ctx);
        const text = await registry.metrics();
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { listNotifications } from './list-notifications';
import { liveHubOf } from './live-hub';
import { markNotificationsRead } from './mark-read';
import { streamNotifications } from './stream';

/** `/api/notifications`: any signed-in account's bell. */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Open streams would hold the server's close: they end first.
    app.addHook('preClose', async () => liveHubOf(ctx).close());
    route(app, endpoints.notifications.list, {}, async (request) =>
      listNotifications(ctx, principalOf(request).userId),
    );
    route(app, endpoints.notifications.markRead, {}, async (request) =>
      markNotificationsRead(ctx, principalOf(request).userId, request.body),
    );
    route(
      app,
      endpoints.notifications.stream,
      { config: { binaryResponse: ['text/event-stream'] } },
      async (request, reply) => streamNotifications(ctx, request, reply, principalOf(request).userId),
    );
  };
}

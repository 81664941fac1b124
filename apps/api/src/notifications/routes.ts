import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { principalOf } from '../platform/http/guard';
import { listNotifications } from './list-notifications';
import { liveHubOf } from './live-hub';
import { markNotificationsRead } from './mark-read';
import { streamNotifications } from './stream';
import { readMailPreferences } from './mail/read-mail-preferences';
import { unsubscribe } from './mail/unsubscribe';
import { updateMailPreferences } from './mail/update-mail-preferences';

/** `/api/notifications`: any signed-in account's bell, and which of its notifications come by mail. */
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
    route(app, endpoints.notifications.mailPreferences, {}, async (request) =>
      readMailPreferences(ctx.db, principalOf(request).userId),
    );
    route(app, endpoints.notifications.updateMailPreferences, {}, async (request) =>
      updateMailPreferences(ctx, principalOf(request).userId, request.body),
    );
  };
}

/** `/api/notifications/unsubscribe`: no sign-in, the link's signed token is the proof. */
export function notificationGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.notifications.unsubscribe, {}, async (request) => unsubscribe(ctx, request.body.token));
  };
}

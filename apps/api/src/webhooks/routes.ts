import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { sendList } from '../shared/list-reply';
import { createWebhookEndpoint } from './create-endpoint';
import { deleteWebhookEndpoint } from './delete-endpoint';
import { listWebhookDeliveries } from './list-deliveries';
import { listWebhookEndpoints } from './list-endpoints';
import { redeliverWebhook } from './redeliver';
import { sendTestEvent } from './send-test-event';
import { updateWebhookEndpoint } from './update-endpoint';

/** `/api/admin/webhooks`: the operator's webhook endpoints and their delivery log (docs/decisions/0066-webhooks.md). */
export function webhookAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.webhooks.adminList, {}, async (request, reply) =>
      sendList(reply, await listWebhookEndpoints(ctx, request.query)),
    );
    route(app, endpoints.webhooks.adminCreate, {}, async (request, reply) =>
      reply.code(201).send(await createWebhookEndpoint(ctx, actorOf(request), request.body)),
    );
    route(app, endpoints.webhooks.adminUpdate, {}, async (request) =>
      updateWebhookEndpoint(ctx, actorOf(request), request.params.id, request.body),
    );
    route(app, endpoints.webhooks.adminDelete, {}, async (request, reply) => {
      await deleteWebhookEndpoint(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    });
    route(app, endpoints.webhooks.adminDeliveries, {}, async (request, reply) =>
      sendList(reply, await listWebhookDeliveries(ctx, request.params.id, request.query)),
    );
    route(app, endpoints.webhooks.adminTest, {}, async (request, reply) =>
      reply.code(201).send(await sendTestEvent(ctx, actorOf(request), request.params.id)),
    );
    route(app, endpoints.webhooks.adminRedeliver, {}, async (request) =>
      redeliverWebhook(ctx, actorOf(request), request.params.id),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../../context';
import { route } from '../http/route';
import { sendList } from '../../shared/list-reply';
import { outboxPage } from './outbox';

/** Admins read the mail the portal kept because no SMTP server is configured, links and codes redacted. */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.mail.adminOutbox, {}, async (request, reply) =>
      sendList(reply, await outboxPage(ctx.db, request.query)),
    );
  };
}

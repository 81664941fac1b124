import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { createPackage } from './create-package';
import { listPackages } from './list-packages';
import { updatePackage } from './update-package';

/** `/api/packages`: the active catalogue, for members. */
export function packageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.packages.list, {}, async () => ({ items: await listPackages(ctx, true) }));
  };
}

/** `/api/admin/packages`: the whole catalogue; create and edit (audited). */
export function packageAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.packages.adminList, {}, async () => ({ items: await listPackages(ctx, false) }));

    route(app, endpoints.packages.adminCreate, {}, async (request, reply) =>
      reply.code(201).send(await createPackage(ctx, actorOf(request), request.body)),
    );

    route(app, endpoints.packages.adminUpdate, {}, async (request) =>
      updatePackage(ctx, actorOf(request), request.params.id, request.body),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, packageCreateSchema, idParamSchema, packageListSchema, packagePatchSchema, packageSchema } from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { createPackage, listPackages, updatePackage } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** `/api/packages`: the active catalogue, for members. */
export function packageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/packages', {
      schema: { tags: ['packages'], summary: 'The active package catalogue', response: { 200: packageListSchema, ...errors } },
    }, async () => ({ items: await listPackages(ctx, true) }));
  };
}

/** `/api/admin/packages`: the whole catalogue; create and edit (audited). */
export function packageAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/packages', {
      schema: { tags: ['admin'], summary: 'Every package, active or not', response: { 200: packageListSchema, ...errors } },
    }, async () => ({ items: await listPackages(ctx, false) }));

    app.post('/packages', {
      schema: { tags: ['admin'], summary: 'Add a package (audited)', body: packageCreateSchema, response: { 201: packageSchema, ...errors } },
    }, async (request, reply) => reply.code(201).send(await createPackage(ctx, actorOf(request), request.body)));

    app.patch('/packages/:id', {
      schema: {
        tags: ['admin'],
        summary: 'Change or deactivate a package (audited; applies to later purchases)',
        params: idParamSchema,
        body: packagePatchSchema,
        response: { 200: packageSchema, ...errors },
      },
    }, async (request) => updatePackage(ctx, actorOf(request), request.params.id, request.body));
  };
}

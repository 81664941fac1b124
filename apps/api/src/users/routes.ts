import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserPageSchema,
  adminUserSchema,
  apiErrorSchema,
  createAdminBodySchema,
  idParamSchema,
  updateUserBodySchema,
  usersQuerySchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { sendList } from '../shared/list-reply';
import { adminUserById, createAdmin, listUsers, updateUser } from './admin-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** `/api/admin/users` */
export function userAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users', {
      schema: {
        tags: ['admin'],
        summary: 'All accounts (search, role and status filters; `format=csv`)',
        querystring: usersQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    }, async (request, reply) => sendList(reply, await listUsers(ctx, request.query)));

    app.post('/users', {
      schema: { tags: ['admin'], summary: 'Create an admin account (audited)', body: createAdminBodySchema, response: { 201: adminUserSchema, ...errors } },
    }, async (request, reply) => reply.code(201).send(await createAdmin(ctx, actorOf(request), request.body)));

    app.get('/users/:id', {
      schema: { tags: ['admin'], summary: 'One account', params: idParamSchema, response: { 200: adminUserSchema, ...errors } },
    }, async (request) => adminUserById(ctx, request.params.id));

    app.patch('/users/:id', {
      schema: {
        tags: ['admin'],
        summary: 'Block or unblock (`status`), change `role`, or set a new `password` (audited; blocking and a new password end every sign-in)',
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    }, async (request) => updateUser(ctx, actorOf(request), request.params.id, request.body));
  };
}

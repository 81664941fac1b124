import type {
  ContextConfigDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  errorStatusesOf,
  successStatusesOf,
  type Endpoint,
  type Nothing,
  type SuccessStatusOf,
} from '@portal/contract';

/** The app a routes.ts plugin receives. */
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** The Fastify schema of an endpoint, as the zod type provider reads it for the handler's types. */
interface SchemaOf<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  headers: E['headers'];
  response: E['answer'] extends z.ZodType
    ? { [S in SuccessStatusOf<E>]: E['answer'] }
    : SuccessStatusOf<E> extends 204
      ? { 204: z.ZodNull }
      : Nothing;
}

type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What a route adds to its endpoint: its Fastify config, hooks and limits. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the route of a contract endpoint (packages/contract/src/endpoints/):
 * its method and path, the schemas that validate its input and serialize its
 * answer, its OpenAPI text, and an error answer for each status its codes come
 * with (packages/contract/src/errors.ts), so no route writes its own.
 * docs/decisions/0033-typed-endpoint-table.md
 */
export function route<E extends Endpoint>(
  app: RoutesApp,
  endpoint: E,
  options: RouteOptions,
  handler: Handler<E>,
): void {
  // An answer of raw bytes (a picture) has no schema; 204 has no body.
  const response: Record<number, z.ZodType> = {};
  for (const status of successStatusesOf(endpoint)) {
    if (endpoint.answer) response[status] = endpoint.answer;
    else if (status === 204) response[status] = z.null();
  }
  for (const status of errorStatusesOf(endpoint)) response[status] = apiErrorSchema;
  // The type asks it of every endpoint under /admin/; this holds for one built around the type.
  if (endpoint.path.startsWith('/admin/') && typeof endpoint.twoFactor !== 'boolean')
    throw new Error(`${endpoint.method} ${endpoint.path} makes no two-factor choice (twoFactor: true or false)`);
  app.route({
    ...options,
    config: { ...options.config, ...(endpoint.twoFactor !== undefined ? { twoFactor: endpoint.twoFactor } : {}) },
    method: endpoint.method,
    url: pathUnder(app.prefix, endpoint.path),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.security ? { security: endpoint.security.map((scheme) => ({ ...scheme })) } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response,
    },
    handler: handler as never,
  });
}

/** The table's paths are under `/api`; a plugin registered at `/api/admin` registers `/admin/users` as `/users`. */
function pathUnder(prefix: string, path: string): string {
  const base = prefix.replace(/^\/api/, '');
  if (!path.startsWith(base)) throw new Error(`${path} is not under ${prefix}`);
  return path.slice(base.length);
}

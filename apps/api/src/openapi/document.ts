import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorCodesFor } from '@portal/contract';
import { badRequest } from '../shared/errors';

/**
 * The OpenAPI document says what the API really answers, derived for every
 * route from where it is registered and from its contract, never written
 * route by route (so a new route is documented the moment it exists):
 *
 * - `security`: bearer for every signed-in scope, Basic for the sign-in, none for guests;
 * - a stable `operationId` from the method and the path;
 * - the error answers the route can give: any request's (400, 500), its
 *   scope's (401, 403), a path parameter's (404), a write's (409, 413, 415,
 *   422), a guest write's (429) — each listing the contract's codes;
 * - `text/csv` beside JSON for routes that take `?format=csv`;
 * - 204 without a body; PATCH bodies with at least one property;
 * - an admin operation's two-factor choice (`x-two-factor`, from its
 *   endpoint), its 403 naming `TWO_FACTOR_REQUIRED` where the choice is `true`.
 */
export type Scope = 'guest' | 'account' | 'member' | 'admin';

/** Operations that take HTTP Basic credentials instead of a bearer token. */
const BASIC_AUTH = new Set(['POST /api/auth/login']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; set by the scope that registers it (app.ts). */
    scope?: Scope;
    /** A route that answers 200 with raw bytes of these content types (pictures) instead of JSON. */
    binaryResponse?: readonly string[];
    /** A route that answers 200 with text of this content type (the metrics) instead of JSON. */
    textResponse?: { contentType: string; description: string };
  }
}

/** An `onRoute` hook for a scope in app.ts: the innermost scope's hook runs last and wins. */
export function inScope(scope: Scope) {
  return (route: RouteOptions) => {
    route.config = { ...(route.config ?? {}), scope };
  };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Invalid input; `field` names it',
  401: 'Not signed in, or the sign-in has ended',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'In conflict with the current state',
  413: 'The request body is too large',
  415: 'The request body is not JSON',
  422: 'Refused by a rule of the portal',
  429: 'Too many attempts; `Retry-After` says when to try again',
  500: 'An unexpected failure on the server',
  503: 'Not ready',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  type?: unknown;
  enum?: unknown[];
};

export function errorResponseSchema(status: number): JsonSchema {
  const codes = errorCodesFor(status);
  return {
    description: STATUS_TEXT[status] ?? `Error ${status}`,
    ...(status === 429
      ? { headers: { 'retry-after': { type: 'integer', minimum: 1, description: 'Seconds to wait' } } }
      : {}),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            code: {
              type: 'string',
              ...(codes.length ? { description: `One of: ${codes.join(', ')}, or a newer code.` } : {}),
            },
            field: { type: 'string' },
          },
          required: ['message', 'code'],
          additionalProperties: false,
        },
      },
    },
  };
}

/** `GET /api/admin/users/:id` → `getAdminUsersById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{]([^}]+)}?$/.exec(segment);
      const word = (param ? `by-${param[1]}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) =>
        (next ?? '').toUpperCase(),
      );
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method.toLowerCase() + words.join('');
}

/** The error statuses a route can answer, besides those it declares. */
function errorStatuses(method: string, url: string, scope: Scope): number[] {
  // Any request can be malformed (its input, its URL, its JSON), and anything can fail.
  const statuses = new Set<number>([400, 500]);
  const write = WRITE_METHODS.has(method);
  if (scope !== 'guest' || BASIC_AUTH.has(`${method} ${url}`)) statuses.add(401);
  if (scope === 'member' || scope === 'admin') statuses.add(403);
  // Any signed-in write refuses a read-only support view (platform/http/guard.ts).
  if (scope === 'account' && write) statuses.add(403);
  if (/[:{]/.test(url)) statuses.add(404);
  if (write) {
    statuses.add(413).add(415).add(409).add(422);
    if (scope === 'guest') statuses.add(429);
  }
  return [...statuses];
}

const acceptsCsv = (querystring: unknown) => {
  const format = (querystring as JsonSchema | undefined)?.properties?.format;
  return Array.isArray(format?.enum) && format.enum.includes('csv');
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The swagger `transform`: zod to JSON Schema, then what every route says from its scope and contract. */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const route = input.route;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const schema = result.schema as Record<string, unknown> & {
    response?: Record<string, JsonSchema>;
    body?: JsonSchema;
    hide?: boolean;
  };
  if (schema.hide) return result;
  const url = input.url;
  const scope = route.config?.scope ?? 'guest';

  schema.operationId ??= operationIdOf(method, url);
  schema.security ??= BASIC_AUTH.has(`${method} ${url}`) ? [{ basic: [] }] : scope === 'guest' ? [] : [{ bearer: [] }];

  if (method === 'PATCH' && schema.body && schema.body.type === 'object')
    schema.body = { ...schema.body, minProperties: 1 };

  const responses: Record<string, JsonSchema> = { ...(schema.response ?? {}) };
  for (const [key, value] of Object.entries(responses)) {
    const status = Number(key);
    if (status >= 400) responses[key] = errorResponseSchema(status);
    else if (status === 204) responses[key] = { type: 'null', description: STATUS_TEXT[204] };
    else if (status >= 200 && status < 300) {
      const json = { ...value };
      delete json.description;
      responses[key] = {
        description: value.description ?? STATUS_TEXT[status] ?? 'Success',
        content: {
          'application/json': { schema: json },
          ...(status === 200 && acceptsCsv(schema.querystring)
            ? {
                'text/csv': {
                  schema: { type: 'string', description: 'The whole filtered list as CSV (`format=csv`)' },
                },
              }
            : {}),
        },
      };
    }
  }
  const binary = route.config?.binaryResponse;
  if (binary) {
    responses[200] = {
      description: STATUS_TEXT[200] ?? 'Success',
      content: Object.fromEntries(binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  }
  const text = route.config?.textResponse;
  if (text)
    responses[200] = { description: text.description, content: { [text.contentType]: { schema: { type: 'string' } } } };
  for (const status of errorStatuses(method, url, scope)) responses[status] ??= errorResponseSchema(status);
  const twoFactor = route.config?.twoFactor;
  if (scope === 'admin') schema['x-two-factor'] = twoFactor ?? null;
  if (twoFactor) responses[403] = twoFactorRefusal(responses[403] ?? errorResponseSchema(403));
  schema.response = responses;
  nullableEnums(schema);
  return { ...result, schema };
}

/** An admin write's 403: besides the audience's refusals, an admin without two-factor while `adminsRequireTwoFactor` is on. */
function twoFactorRefusal(response: JsonSchema): JsonSchema {
  return {
    ...response,
    description: `${String(response.description)}; \`TWO_FACTOR_REQUIRED\` when the admin has no two-factor sign-in and the \`adminsRequireTwoFactor\` setting is on`,
  };
}

/** OpenAPI 3.0.3: a nullable enum lists `null` among its values, or null is not valid after all. */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) nullableEnums(value);
}

/** The swagger `transformObject`: where the API is served. */
export function openApiTransformObject(publicUrl: string): SwaggerTransformObject {
  return (document) =>
    'openapiObject' in document
      ? { ...document.openapiObject, servers: [{ url: publicUrl, description: 'This portal (PUBLIC_URL)' }] }
      : document.swaggerObject;
}

/**
 * A PATCH with nothing in it is a mistake, whatever the route: 400 before the
 * route's own validation, as the document's `minProperties: 1` says.
 */
export function refuseEmptyPatches(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('PATCH') || !route.schema?.body) return;
    const refuse = async (request: FastifyRequest) => {
      const body = request.body;
      if (body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) {
        throw badRequest('VALIDATION_ERROR', 'Send at least one field to change.');
      }
    };
    route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), refuse];
  });
}

/**
 * Which methods each path answers, for a 405 with `Allow` instead of a 404
 * when a known path is asked with another method.
 */
export function trackMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as string[];
    const source = route.url
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    return [...allowed].sort();
  };
}

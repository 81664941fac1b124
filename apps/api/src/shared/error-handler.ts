import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiErrorCodes, type ApiErrorCode } from '@portal/contract';
import { AppError, badRequest } from './errors';
import { ownMoneyRefusal } from './own-money';

/**
 * One place turns every failure into `{ message, code, field? }`. Validation
 * errors name the field; Fastify's own client errors keep their 4xx status;
 * anything unexpected is logged with the request id and answered 500 plainly.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (caught: FastifyError | AppError | Error, request, reply) => {
    // The tables' own refusal of an admin's own money (shared/own-money.ts), whichever path met it.
    let error: FastifyError | AppError | Error = ownMoneyRefusal(caught) ?? caught;
    // A route that leaves the session check to its SQL statement (platform/http/guard.ts):
    // an ended session or a missing membership answers first, as anywhere else.
    if (request.principal?.checkSession) {
      try {
        await request.principal.checkSession();
      } catch (refused) {
        error = refused as Error;
      }
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.status)
        .send({ message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        String((issue.params as { missingProperty?: string })?.missingProperty ?? '') ||
        undefined;
      const where = (error as { validationContext?: string }).validationContext;
      const message = field
        ? `${field}: ${issue.message}`
        : `${where === 'body' || !where ? 'Request body' : where}: ${issue.message}`;
      return reply.code(400).send({ message, code: 'VALIDATION_ERROR', ...(field ? { field } : {}) });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own codes reach clients only where the contract lists them with this status; any other is a 400.
      const listed = apiErrorCodes[fastifyError.code as ApiErrorCode] as readonly number[] | undefined;
      if (listed?.includes(status))
        return reply.code(status).send({ message: clientMessage(fastifyError), code: fastifyError.code });
      return reply.code(400).send({ message: clientMessage(fastifyError), code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
  });
}

/**
 * Unknown paths: a JSON 404 for the API (a 405 with `Allow` when the path
 * exists for other methods); with the web app served, any other page path
 * gets its index.html (`pageHtml`, ./page-html.ts) so that the client-side
 * router decides.
 */
export function installNotFoundHandler(
  app: FastifyInstance,
  options: { pageHtml?: (path: string) => Promise<string>; allowedMethods?: (path: string) => string[] },
): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = path.startsWith('/api/') ? (options.allowedMethods?.(path) ?? []) : [];
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
          code: 'METHOD_NOT_ALLOWED',
        });
    }
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!options.pageHtml || path === '/api' || path.startsWith('/api/') || !isPage) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    if (/\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ message: `No such file: ${path}`, code: 'NOT_FOUND' });
    }
    const html = await options.pageHtml(path);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}

/**
 * The errors Fastify's router meets before any route or hook, which it would
 * otherwise answer in its own shape (`{ error, code, message, statusCode }`,
 * without a code of the contract): a path whose percent-encoding is not
 * UTF-8 (`/api/media/products/%ED%A0%80`, a lone surrogate) and a path
 * segment past `maxParamLength` (app.ts). Both are the client's: 400 `BAD_REQUEST`.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A segment of the path is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not valid: its percent-encoding must be UTF-8.'
        : 'The request could not be routed.';
  void reply.code(400).type('application/json; charset=utf-8').send({ message, code: 'BAD_REQUEST' });
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request: headers (the
 * request line included: a 70 kB URL) past Node's 16 kB limit answer 431
 * `HEADERS_TOO_LARGE`, a request that never finished 408 `REQUEST_TIMEOUT`,
 * anything else malformed 400 `BAD_REQUEST`, each as `{ message, code }`
 * like every other error (Fastify's default writes `{ error, message, statusCode }`).
 * The connection is then closed, as Node and Fastify do.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ApiErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request line or headers are too large (the address is too long?).']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * A query string whose percent-encoding is not UTF-8 (`?search=%ED%A0%80`, a
 * lone surrogate; `%FF`; a lone `%`) reaches the routes as the raw text,
 * `%ED%A0%80`, which is not what the client meant: it is refused like any
 * text that is not valid Unicode (packages/contract/src/text.ts), 400
 * naming the parameter. Only the routes that read a query (a `querystring`
 * schema) get the check, as a synchronous preValidation hook beside the
 * query's own validation, like `refuseEmptyPatches` (openapi/document.ts):
 * every other request, the transfers and purchases among them, runs no hook
 * for it at all (docs/decisions/0013b-quiet-hot-path.md).
 */
export function refuseBadQueryEncoding(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.querystring) return;
    route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), checkQueryEncoding];
  });
}

function checkQueryEncoding(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const url = request.url;
  const start = url.indexOf('?');
  if (start < 0 || url.indexOf('%', start) < 0) return done();
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const name = decodeOrUndefined(rawName);
    if (name === undefined || (equals >= 0 && decodeOrUndefined(pair.slice(equals + 1)) === undefined)) {
      const field = name ?? 'query';
      return done(
        badRequest(
          'VALIDATION_ERROR',
          `${field}: must be percent-encoded UTF-8 text (valid Unicode, no lone surrogate)`,
          field,
        ),
      );
    }
  }
  done();
}

function decodeOrUndefined(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

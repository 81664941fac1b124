import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiErrorCodes, type ApiErrorCode } from '@portal/contract';
import { AppError } from './errors';

/**
 * One place turns every failure into `{ message, code, field? }`. Validation
 * errors name the field; Fastify's own client errors keep their 4xx status;
 * anything unexpected is logged with the request id and answered 500 plainly.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (caught: FastifyError | AppError | Error, request, reply) => {
    let error = caught;
    // A route that leaves the session check to its SQL statement (auth/guard.ts):
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
      return reply.code(error.status).send({ message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String((issue.params as { missingProperty?: string })?.missingProperty ?? '') || undefined;
      const where = (error as { validationContext?: string }).validationContext;
      const message = field ? `${field}: ${issue.message}` : `${where === 'body' || !where ? 'Request body' : where}: ${issue.message}`;
      return reply.code(400).send({ message, code: 'VALIDATION_ERROR', ...(field ? { field } : {}) });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own codes reach clients only where the contract lists them with this status; any other is a 400.
      const listed = apiErrorCodes[fastifyError.code as ApiErrorCode] as readonly number[] | undefined;
      if (listed?.includes(status)) return reply.code(status).send({ message: clientMessage(fastifyError), code: fastifyError.code });
      return reply.code(400).send({ message: clientMessage(fastifyError), code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
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
        .send({ message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`, code: 'METHOD_NOT_ALLOWED' });
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

/**
 * The contract test: every answer the API test suite gets is checked against
 * the OpenAPI document the app serves — the status is documented for that
 * operation, the content type is documented for that status, the body
 * matches the documented schema, and every error carries a code of the
 * contract's list with one of its statuses, and one its endpoint lists
 * (packages/contract/src/endpoints/, or any request's or any signed-in
 * scope's). A drift fails the test that caused it.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { anyRequestErrors, apiErrorCodes, audienceErrors, endpoints, errorsOf, type Endpoint } from '@portal/contract';

// Ajv 8 and ajv-formats as Fastify itself uses them (no dependency of our own).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
interface Validate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
interface AjvInstance {
  compile(schema: object): Validate;
  errorsText(errors?: unknown[] | null): string;
}
const Ajv = (fromFastify('ajv') as { default: new (options: object) => AjvInstance }).default;
const addFormats = (fromFastify('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;

type Schema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
type PathItem = Record<string, Operation>;

interface CompiledPath {
  template: string;
  pattern: RegExp;
  literals: number;
  item: PathItem;
}

export class ContractViolation extends Error {}

export function contractChecker(app: FastifyInstance) {
  const document = app.swagger() as unknown as { paths: Record<string, PathItem> };
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const validators = new Map<Schema, Validate>();
  const paths: CompiledPath[] = Object.entries(document.paths).map(([template, item]) => {
    const segments = template.split('/');
    return {
      template,
      item,
      literals: segments.filter((segment) => !segment.startsWith('{')).length,
      pattern: new RegExp(
        `^${segments.map((segment) => (segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
      ),
    };
  });

  // The table's endpoints by the document's operation: `GET /api/transfers/{id}`.
  const byOperation = new Map<string, Endpoint>();
  for (const domain of Object.values(endpoints) as Array<Record<string, Endpoint>>) {
    for (const endpoint of Object.values(domain)) {
      byOperation.set(`${endpoint.method} /api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`, endpoint);
    }
  }
  const everywhere = new Set<string>([...anyRequestErrors, ...audienceErrors]);

  function fail(where: string, problem: string, res: LightMyRequestResponse): never {
    throw new ContractViolation(
      `OpenAPI contract: ${where} answered ${res.statusCode} ${problem}\n${res.body.slice(0, 500)}`,
    );
  }

  return function check(options: InjectOptions | string, res: LightMyRequestResponse): void {
    const method = (typeof options === 'string' ? 'GET' : (options.method ?? 'GET')).toString().toUpperCase();
    const rawUrl =
      typeof options === 'string'
        ? options
        : typeof options.url === 'string'
          ? options.url
          : ((options.path as string | undefined) ?? '');
    const path = rawUrl.split('?')[0]!;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return;
    const where = `${method} ${path}`;
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    let body: unknown;
    const json = () => {
      try {
        return (body ??= JSON.parse(res.body));
      } catch {
        return fail(where, 'with a body that is not JSON', res);
      }
    };

    // Every error names a code of the contract's list, with one of its statuses.
    if (res.statusCode >= 400 && contentType === 'application/json') {
      const code = (json() as { code?: unknown }).code;
      const statuses = (apiErrorCodes as Record<string, readonly number[]>)[String(code)];
      if (!statuses)
        fail(
          where,
          `with code ${String(code)}, which the contract (packages/contract/src/errors.ts) does not list`,
          res,
        );
      if (!statuses.includes(res.statusCode))
        fail(where, `with code ${String(code)}, which the contract lists for ${statuses.join('/')}`, res);
    }

    const candidates = paths
      .filter((candidate) => candidate.pattern.test(path))
      .sort((a, b) => b.literals - a.literals);
    if (candidates.length === 0) {
      if (res.statusCode !== 404) fail(where, 'for a path the document does not have (expected 404)', res);
      return;
    }
    const matched = candidates.find((candidate) => candidate.item[method.toLowerCase()]);
    const operation = matched?.item[method.toLowerCase()];
    if (!operation) {
      if (method === 'HEAD' || method === 'OPTIONS') return;
      if (res.statusCode !== 405 || !res.headers.allow)
        fail(where, 'for a method the document does not have (expected 405 with Allow)', res);
      return;
    }
    if (method === 'HEAD') return;

    // An error's code is one its endpoint says it may answer.
    if (res.statusCode >= 400 && contentType === 'application/json') {
      const code = String((json() as { code?: unknown }).code);
      const endpoint = byOperation.get(`${method} ${matched.template}`);
      if (endpoint && !everywhere.has(code) && !(errorsOf(endpoint) as readonly string[]).includes(code))
        fail(where, `with code ${code}, which its endpoint (packages/contract/src/endpoints/) does not list`, res);
    }

    const response =
      operation.responses[String(res.statusCode)] ??
      operation.responses[`${String(res.statusCode)[0]}XX`] ??
      operation.responses.default;
    if (!response)
      fail(where, `, a status the document does not list (${Object.keys(operation.responses).join(', ')})`, res);
    if (!response.content) {
      if (res.body.length > 0) fail(where, `with a body where the document says there is none`, res);
      return;
    }
    const media = response.content[contentType];
    if (!media)
      fail(where, `with content type "${contentType}", not among ${Object.keys(response.content).join(', ')}`, res);
    if (contentType !== 'application/json' || !media.schema) return;
    let validate = validators.get(media.schema);
    if (!validate) {
      validate = ajv.compile(media.schema);
      validators.set(media.schema, validate);
    }
    if (!validate(json())) {
      fail(where, `with a body that does not match the document: ${ajv.errorsText(validate.errors)}`, res);
    }
  };
}

/** Makes `app.inject(options)` check every answer against the document. */
export function checkEveryAnswer(app: FastifyInstance): void {
  const check = contractChecker(app);
  const inject = app.inject.bind(app) as (options?: InjectOptions | string) => unknown;
  (app as unknown as { inject: unknown }).inject = (options?: InjectOptions | string) => {
    if (options === undefined) return inject();
    return (inject(options) as Promise<LightMyRequestResponse>).then((res) => {
      check(options, res);
      return res;
    });
  };
}

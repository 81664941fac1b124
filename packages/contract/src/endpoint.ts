import type { z } from 'zod';
import { apiErrorCodes, type ApiErrorCode } from './errors';

/**
 * One endpoint of the API, as both sides use it (docs/decisions/0033-typed-endpoint-table.md):
 * the API registers its route from it (apps/api/src/platform/http/route.ts) and the web
 * app calls it by name (`api.call` in apps/web/src/shared/api/client.ts), so a
 * path and its types cannot drift apart.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SuccessStatus = 200 | 201 | 202 | 204;

export interface Endpoint {
  method: HttpMethod;
  /** Under `/api`, Fastify style: `/transfers/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** A multipart body (an upload) instead of JSON: the web sends `FormData`. */
  multipart?: true;
  /** The success status (or statuses, when the same answer comes as 200 or 201); 204 comes without an answer. */
  status: SuccessStatus | readonly SuccessStatus[];
  answer?: z.ZodType;
  /**
   * The codes this endpoint answers beyond those of any request (a malformed
   * input, a failure) and of its audience (not signed in, not allowed): their
   * statuses, from `apiErrorCodes`, are the error answers it documents.
   */
  errors: readonly ApiErrorCode[];
  /** The OpenAPI text. */
  tags: readonly string[];
  summary: string;
  /**
   * An admin endpoint's two-factor choice, made once here: `true` when only an
   * admin with two-factor may call it (every admin write), `false` for reads.
   * Required under `/admin/` (`endpoint` below); the admin scope enforces it
   * (apps/api/src/platform/http/guard.ts `adminTwoFactorGate`), answering `TWO_FACTOR_REQUIRED`.
   */
  twoFactor?: boolean;
  /** Only where the audience does not tell it (the metrics take a bearer token, not a sign-in's): apps/api/src/openapi/document.ts derives the rest. */
  security?: ReadonlyArray<Record<string, readonly string[]>>;
}

/** An admin endpoint (under `/admin/`) makes its two-factor choice; no other endpoint has one. */
type TwoFactorChoice<E extends Endpoint> = E['path'] extends `/admin/${string}`
  ? { twoFactor: boolean }
  : { twoFactor?: never };

/** Declares an endpoint, keeping its literal types (the path, the schemas) for both sides. */
export function endpoint<const E extends Endpoint>(definition: E & TwoFactorChoice<E>): E {
  return definition;
}

/** The codes an endpoint may answer: its own, and `TWO_FACTOR_REQUIRED` where its two-factor choice is `true`. */
export function errorsOf(definition: Pick<Endpoint, 'errors' | 'twoFactor'>): readonly ApiErrorCode[] {
  if (!definition.twoFactor || definition.errors.includes('TWO_FACTOR_REQUIRED')) return definition.errors;
  return [...definition.errors, 'TWO_FACTOR_REQUIRED'];
}

/** The success statuses of an endpoint. */
export type SuccessStatusOf<E extends Pick<Endpoint, 'status'>> = E['status'] extends readonly (infer S extends
  SuccessStatus)[]
  ? S
  : E['status'] & SuccessStatus;

export function successStatusesOf(definition: Pick<Endpoint, 'status'>): SuccessStatus[] {
  return typeof definition.status === 'number' ? [definition.status] : [...definition.status];
}

/** The error statuses an endpoint answers with its own codes, ascending. */
export function errorStatusesOf(definition: Pick<Endpoint, 'errors' | 'twoFactor'>): number[] {
  const statuses = new Set<number>();
  for (const code of errorsOf(definition)) for (const status of apiErrorCodes[code]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** An object with nothing in it. */
export type Nothing = Record<never, never>;

/** `{ key: T }`, optional when T may be left out entirely (no schema, or an object of optional fields). */
type Part<K extends string, S> = [S] extends [z.ZodType]
  ? Nothing extends Input<S>
    ? { [P in K]?: Input<S> }
    : { [P in K]: Input<S> }
  : { [P in K]?: never };

/** A path's parameters, each written into the path as text (an id may be given as a number). */
type PathParams<S extends z.ZodType> = { [K in keyof z.input<S>]: z.input<S>[K] | number };

/**
 * What a caller sends to an endpoint: its path parameters, query, body and
 * headers, as their schemas take them; a multipart endpoint's body is the
 * caller's `Upload` (the browser's FormData); a write without a body schema
 * may still send an empty JSON object.
 */
export type EndpointInput<E extends Endpoint, Upload = never> = (E['params'] extends z.ZodType
  ? { params: PathParams<E['params']> }
  : { params?: never }) &
  Part<'query', E['query']> &
  (E['multipart'] extends true
    ? { body: Upload }
    : E['body'] extends z.ZodType
      ? Part<'body', E['body']>
      : { body?: Nothing }) &
  Part<'headers', E['headers']>;

/** What an endpoint answers on success (`undefined` for 204). */
export type EndpointAnswer<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : undefined;

import type { ApiErrorCode } from '../errors';

/** What a request that checks a one-time code may answer: the code missing, wrong or used. */
export const oneTimeCodeErrors = [
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TOTP_REUSED',
] as const satisfies readonly ApiErrorCode[];

/** What a request that checks a second factor may answer (apps/api/src/two-factor/guard.ts): a one-time code's refusals, the account's codes locked, the portal's key not opening the stored secret. */
export const secondFactorErrors = [
  ...oneTimeCodeErrors,
  'SECOND_FACTOR_LOCKED',
  'TWO_FACTOR_KEY_MISMATCH',
] as const satisfies readonly ApiErrorCode[];

/** What a request with an `Idempotency-Key` may answer (apps/api/src/ledger/idempotency.ts): the key still in use, or reused for another request. */
export const idempotencyErrors = [
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
] as const satisfies readonly ApiErrorCode[];

/**
 * What any request may answer, whatever its endpoint lists: an input refused
 * before the route (the schemas, the body parser, Node's HTTP parser), a
 * path or method nobody serves, a list page past the deepest, a failure.
 */
export const anyRequestErrors = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'PAGE_TOO_DEEP',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
] as const satisfies readonly ApiErrorCode[];

/** What the signed-in scopes' guards answer (apps/api/src/platform/http/guard.ts): not signed in, the sign-in ended or blocked, not allowed, a write in a read-only support view. */
export const audienceErrors = [
  'AUTH_REQUIRED',
  'TOKEN_INVALID',
  'SESSION_ENDED',
  'ACCOUNT_BLOCKED',
  'ADMIN_ONLY',
  'NOT_A_MEMBER',
  'READ_ONLY_SESSION',
] as const satisfies readonly ApiErrorCode[];

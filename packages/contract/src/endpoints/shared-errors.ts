import type { ApiErrorCode } from '../errors';

/** What a request that checks a second factor may answer (apps/api/src/two-factor/guard.ts): a code missing, wrong or used, the account's codes locked, the portal's key not opening the stored secret. */
export const secondFactorErrors = [
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TOTP_REUSED',
  'SECOND_FACTOR_LOCKED',
  'TWO_FACTOR_KEY_MISMATCH',
] as const satisfies readonly ApiErrorCode[];

/** What a request with an `Idempotency-Key` may answer (apps/api/src/ledger/idempotency.ts): the key still in use, or reused for another request. */
export const idempotencyErrors = [
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
] as const satisfies readonly ApiErrorCode[];

import type { ApiErrorCode } from '@portal/contract';
/**
 * A failure a client can act on. Services throw these; one handler turns them
 * into `{ message, code, field? }` with `status`. Anything else is a bug: it is
 * logged and answered 500 without internals.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** Only a code the contract lists: the compiler refuses any other. */
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    /** Extra headers for the answer, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ApiErrorCode, message: string, field?: string) =>
  new AppError(400, code, message, field);
export const unauthorized = (code: ApiErrorCode, message: string) => new AppError(401, code, message);
export const forbidden = (code: ApiErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ApiErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ApiErrorCode, message: string, field?: string) =>
  new AppError(409, code, message, field);
export const unprocessable = (code: ApiErrorCode, message: string, field?: string) =>
  new AppError(422, code, message, field);
export const tooManyRequests = (code: ApiErrorCode, message: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * A session ended (or its account blocked) and an account without membership: asked by the guard (platform/http/guard.ts)
 * and by the statements that check the session themselves (a transfer, a purchase, the member dashboard).
 */
export const sessionEnded = () => unauthorized('SESSION_ENDED', 'Your session has ended. Please sign in again.');
export const notAMember = () => forbidden('NOT_A_MEMBER', 'This account has no network membership.');

/** The error for a session a statement found ended (`SESSION_ENDED`) or without membership (`NOT_A_MEMBER`), by its code. */
export function refusedSession(code: string | undefined): Error | undefined {
  if (code === 'SESSION_ENDED') return sessionEnded();
  if (code === 'NOT_A_MEMBER') return notAMember();
  return undefined;
}

/** PostgreSQL's unique_violation, raised when two requests race for the same unique value. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

import type { ApiErrorCode } from '@portal/contract';

/**
 * The codes a failed call can carry: the API's, listed in the contract, and
 * the few the client gives itself when there is no answer to read.
 */
export type ErrorCode =
  | ApiErrorCode
  | 'SESSION_EXPIRED'
  | 'TIMEOUT'
  | 'NETWORK_ERROR'
  | 'CREDENTIALS_REQUIRED'
  | 'LOGIN_FAILED'
  | `HTTP_${number}`;

/** Every failed call rejects with this: the HTTP status (0 when no answer) and the server's `{ message, code, field? }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const REFRESH_EXPIRED_MESSAGE = 'Refresh token expired';
export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const SUPPORT_VIEW_ENDED_MESSAGE = 'The support view has ended.';
export const CREDENTIALS_REQUIRED_MESSAGE = 'Username and password are required.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
export const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A request dropped because the session ended (its error was already shown once). */
export const isSessionEnded = (error: unknown): boolean => isApiError(error) && error.code === 'SESSION_EXPIRED';

/** The message to show for any error. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

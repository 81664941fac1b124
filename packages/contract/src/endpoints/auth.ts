import { z } from 'zod';
import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { secondFactorErrors } from './shared-errors';
import {
  forgotPasswordBodySchema,
  loginResponseSchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenPairSchema,
  userSchema,
} from '../auth';

/** What each of its endpoints may answer. */
const authErrors = [
  'ACCOUNT_BLOCKED',
  'CREDENTIALS_REQUIRED',
  'CREDENTIALS_TOO_LONG',
  'INVALID_CREDENTIALS',
  'LOGIN_LOCKED',
  'PASSWORD_TOO_COMMON',
  'REFRESH_TOKEN_INVALID',
  'REGISTRATION_LIMITED',
  'RESET_TOKEN_INVALID',
  'SPONSOR_BLOCKED',
  'SPONSOR_NOT_FOUND',
] as const satisfies readonly ApiErrorCode[];

/** What its writes other than the sign-in may answer. */
const writeErrors = [
  ...authErrors,
  'EMAIL_TAKEN',
  'SECOND_FACTOR_LOCKED',
  'TOTP_REQUIRED',
  'USERNAME_TAKEN',
] as const satisfies readonly ApiErrorCode[];

/** `/api/auth` */
export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    status: 200,
    answer: loginResponseSchema,
    errors: [...authErrors, ...secondFactorErrors],
    tags: ['auth'],
    summary: 'Sign in with an empty body and `Authorization: Basic base64(username:password)`',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh-token',
    body: refreshBodySchema,
    status: 200,
    answer: tokenPairSchema,
    errors: writeErrors,
    tags: ['auth'],
    summary: 'Rotate the refresh token',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    body: refreshBodySchema,
    status: 204,
    errors: writeErrors,
    tags: ['auth'],
    summary: 'End the sign-in of this refresh token',
  }),
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    body: registerBodySchema,
    status: 201,
    answer: userSchema,
    errors: writeErrors,
    tags: ['auth'],
    summary: 'Join under a sponsor',
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    body: forgotPasswordBodySchema,
    status: 202,
    answer: z.object({ message: z.string() }),
    errors: writeErrors,
    tags: ['auth'],
    summary: 'Mail a reset link (same answer whether or not the address has an account)',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    body: resetPasswordBodySchema,
    status: 204,
    errors: writeErrors,
    tags: ['auth'],
    summary: 'Set a new password with the mailed token',
  }),
};

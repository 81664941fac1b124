import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  forgotPasswordBodySchema,
  loginResponseSchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenPairSchema,
  userSchema,
} from '@portal/contract';
import type { AppContext } from '../context';
import { parseBasicCredentials } from './basic-credentials';
import { DEVICE_COOKIE, readCookie } from './device-cookie';
import { forgotPassword, resetPassword } from './password-reset';
import { logout, refreshTokens } from './refresh';
import { register } from './register';
import { signIn } from './sign-in';
import { secondFactorAnswers } from '../two-factor/guard';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/login', {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an empty body and `Authorization: Basic base64(username:password)`',
        response: { 200: loginResponseSchema, ...errors, ...secondFactorAnswers },
      },
    }, async (request, reply) => {
      const { username, password } = parseBasicCredentials(request.headers.authorization);
      const deviceCookie = readCookie(request.headers.cookie, DEVICE_COOKIE);
      const totpCode = request.headers['x-totp-code'];
      const answer = await signIn(ctx, username, password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        deviceCookie,
        totpCode: typeof totpCode === 'string' ? totpCode : undefined,
      });
      reply.header('set-cookie', answer.setCookie);
      return answer.response;
    });

    app.post('/refresh-token', {
      schema: { tags: ['auth'], summary: 'Rotate the refresh token', body: refreshBodySchema, response: { 200: tokenPairSchema, ...errors } },
    }, async (request) => refreshTokens(ctx, request.body.refreshToken));

    app.post('/logout', {
      schema: { tags: ['auth'], summary: 'End the sign-in of this refresh token', body: refreshBodySchema, response: { 204: z.null(), ...errors } },
    }, async (request, reply) => {
      await logout(ctx, request.body.refreshToken);
      return reply.code(204).send(null);
    });

    app.post('/register', {
      schema: { tags: ['auth'], summary: 'Join under a sponsor', body: registerBodySchema, response: { 201: userSchema, ...errors } },
    }, async (request, reply) => reply.code(201).send(await register(ctx, request.body, { ip: request.ip })));

    app.post('/forgot-password', {
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link (same answer whether or not the address has an account)',
        body: forgotPasswordBodySchema,
        response: { 202: z.object({ message: z.string() }), ...errors },
      },
    }, async (request, reply) => {
      const perAccountWork = await forgotPassword(ctx, request.body.email, { ip: request.ip });
      // Answer first; the token and the mail (when the address has an account) come after the reply.
      // 'close' comes after the answer was sent, or when the client went away first: the work is done either way, once.
      let started = false;
      const runOnce = () => {
        if (started) return;
        started = true;
        perAccountWork().catch((error: unknown) => request.log.error({ err: error }, 'forgot-password: the reset link could not be prepared'));
      };
      reply.raw.once('finish', runOnce);
      reply.raw.once('close', runOnce);
      return reply.code(202).send({ message: 'If an account uses this address, a reset link is on its way.' });
    });

    app.post('/reset-password', {
      schema: { tags: ['auth'], summary: 'Set a new password with the mailed token', body: resetPasswordBodySchema, response: { 204: z.null(), ...errors } },
    }, async (request, reply) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return reply.code(204).send(null);
    });
  };
}

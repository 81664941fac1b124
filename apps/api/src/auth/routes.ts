import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { parseBasicCredentials } from './basic-credentials';
import { DEVICE_COOKIE, readCookie } from './device-cookie';
import { forgotPassword, resetPassword } from './password-reset';
import { logout, refreshTokens } from './refresh';
import { register } from './register';
import { signIn } from './sign-in';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.auth.login, {}, async (request, reply) => {
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

    route(app, endpoints.auth.refresh, {}, async (request) => refreshTokens(ctx, request.body.refreshToken));

    route(app, endpoints.auth.logout, {}, async (request, reply) => {
      await logout(ctx, request.body.refreshToken);
      return reply.code(204).send(null);
    });

    route(app, endpoints.auth.register, {}, async (request, reply) =>
      reply.code(201).send(await register(ctx, request.body, { ip: request.ip })),
    );

    route(app, endpoints.auth.forgotPassword, {}, async (request, reply) => {
      const perAccountWork = await forgotPassword(ctx, request.body.email, { ip: request.ip });
      // Answer first; the token and the mail (when the address has an account) come after the reply.
      // 'close' comes after the answer was sent, or when the client went away first: the work is done either way, once.
      let started = false;
      const runOnce = () => {
        if (started) return;
        started = true;
        perAccountWork().catch((error: unknown) =>
          request.log.error({ err: error }, 'forgot-password: the reset link could not be prepared'),
        );
      };
      reply.raw.once('finish', runOnce);
      reply.raw.once('close', runOnce);
      return reply.code(202).send({ message: 'If an account uses this address, a reset link is on its way.' });
    });

    route(app, endpoints.auth.resetPassword, {}, async (request, reply) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return reply.code(204).send(null);
    });
  };
}

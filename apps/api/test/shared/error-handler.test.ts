import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/shared/error-handler';
import { AppError } from '../../src/shared/errors';

/** A bare app with the portal's error handler and routes that fail as Fastify's own code and the services do. */
function appThatFails() {
  const app = Fastify();
  installErrorHandler(app);
  const fastifyError = (code: string, statusCode: number) =>
    Object.assign(new Error(`fastify says ${code}`), { code, statusCode });
  app.get('/listed', async () => {
    throw fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413);
  });
  app.get('/unlisted', async () => {
    throw fastifyError('FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400);
  });
  app.get('/unlisted-status', async () => {
    throw fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 406);
  });
  app.get('/service', async () => {
    throw new AppError(409, 'WITHDRAWAL_PENDING', 'One withdrawal at a time.');
  });
  app.get('/bug', async () => {
    throw new Error('a bug with internals');
  });
  return app;
}

describe('the error handler answers only codes the contract lists', () => {
  it("keeps Fastify's listed codes, turns any other client error into 400 BAD_REQUEST, and a bug into a plain 500", async () => {
    const app = appThatFails();
    const answer = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, ...res.json() };
    };
    expect(await answer('/listed')).toEqual({
      status: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      message: 'The request body is too large.',
    });
    expect(await answer('/unlisted')).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'fastify says FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    });
    expect(await answer('/unlisted-status')).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await answer('/service')).toEqual({
      status: 409,
      code: 'WITHDRAWAL_PENDING',
      message: 'One withdrawal at a time.',
    });
    expect(await answer('/bug')).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    await app.close();
  });
});

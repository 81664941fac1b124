import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes } from '@portal/contract';
import { bearer, errorOf, loginAdmin, startPortal, type Session, type TestPortal } from '../harness';

/**
 * Every client error answers `{ message, code }` with a code the contract
 * lists (packages/contract/src/errors.ts), the ones Fastify and Node meet
 * before any route included (shared/error-handler.ts): a 70 kB address
 * answered 431 as `{ error, message, statusCode }`, without a code.
 */

let portal: TestPortal;
let admin: Session;
let port: number;

beforeAll(async () => {
  portal = await startPortal();
  admin = await loginAdmin(portal.app);
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  port = (portal.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await portal?.close();
});

/** One raw HTTP/1.1 request over a socket (no client library that would refuse to send it); the status, headers and body. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // the server closes after answering a refused request
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no answer: ${text.slice(0, 200)}`));
      else resolve({ status, headers: head, body });
    });
    socket.write(request, () => socket.end());
  });
}

function expectListedError(status: number, body: string, code: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['code', 'message']);
  expect(parsed.code).toBe(code);
  expect(typeof parsed.message).toBe('string');
  expect((apiErrorCodes as Record<string, readonly number[]>)[code]).toContain(status);
}

describe('errors met before any route', () => {
  it('a 70 kB query answers 431 { message, code: HEADERS_TOO_LARGE }', async () => {
    const res = await raw(`GET /api/health?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: portal.test\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expectListedError(431, res.body, 'HEADERS_TOO_LARGE');
  });

  it('a 70 kB path and 70 kB of headers answer the same', async () => {
    const longPath = await raw(`GET /api/admin/users/${'9'.repeat(70_000)} HTTP/1.1\r\nHost: portal.test\r\n\r\n`);
    expect(longPath.status).toBe(431);
    expectListedError(431, longPath.body, 'HEADERS_TOO_LARGE');
    const longHeader = await raw(
      `GET /api/health HTTP/1.1\r\nHost: portal.test\r\nX-Big: ${'b'.repeat(70_000)}\r\n\r\n`,
    );
    expect(longHeader.status).toBe(431);
    expectListedError(431, longHeader.body, 'HEADERS_TOO_LARGE');
  });

  it('a request that is not HTTP answers 400 { message, code: BAD_REQUEST }', async () => {
    const res = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expectListedError(400, res.body, 'BAD_REQUEST');
  });

  it('a path whose percent-encoding is not UTF-8 answers 400 BAD_REQUEST', async () => {
    for (const url of ['/api/admin/users/%ED%A0%80', '/api/media/products/%FF.webp', '/api/admin/users/%']) {
      const res = await portal.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(400);
      expectListedError(400, res.body, 'BAD_REQUEST');
    }
  });

  it('a path segment past the router limit answers 400 BAD_REQUEST', async () => {
    const res = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/users/${'9'.repeat(500)}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expectListedError(400, res.body, 'BAD_REQUEST');
  });
});

describe("Fastify's own client errors", () => {
  it('413 for a body past the limit, 415 for a body that is not JSON, 400 for broken JSON', async () => {
    const tooLarge = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${'a'.repeat(1_100_000)}"}`,
    });
    expect(tooLarge.statusCode).toBe(413);
    expectListedError(413, tooLarge.body, 'FST_ERR_CTP_BODY_TOO_LARGE');
    const notJson = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.c</email>',
    });
    expect(notJson.statusCode).toBe(415);
    expectListedError(415, notJson.body, 'FST_ERR_CTP_INVALID_MEDIA_TYPE');
    const broken = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it('404 for an unknown API path, 405 with Allow for a known path and another method', async () => {
    const unknown = await portal.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expectListedError(404, unknown.body, 'NOT_FOUND');
    const wrongMethod = await portal.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
    expectListedError(405, wrongMethod.body, 'METHOD_NOT_ALLOWED');
  });
});

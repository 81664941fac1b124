import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, registerMember, usePortal } from '../harness';
import { contractChecker } from '../contract';

const { portal, admin } = usePortal();

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: { minProperties?: number } }> };
};
const operations = () => {
  const document = portal.app.swagger() as unknown as {
    paths: Record<string, Record<string, Operation>>;
    servers?: Array<{ url: string }>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
};

describe('the OpenAPI document', () => {
  it('declares security and a unique operationId on every operation, and the server', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(40);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of all) {
      const guest =
        path.startsWith('/api/auth/') ||
        path.startsWith('/api/media/') ||
        path === '/api/health' ||
        path === '/api/network/sponsor' ||
        path === '/api/reserves' ||
        path === '/api/income-disclosure' ||
        path === '/api/notifications/unsubscribe';
      const expected = path === '/api/auth/login' ? [{ basic: [] }] : guest ? [] : [{ bearer: [] }];
      expect(operation.security, `${method} ${path}`).toEqual(expected);
      if (path.startsWith('/api/admin/'))
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect((portal.app.swagger() as { servers?: Array<{ url: string }> }).servers).toEqual([
      expect.objectContaining({ url: 'http://portal.test' }),
    ]);
  });

  it('says CSV where a list takes format=csv, no body for 204, and at least one field for PATCH', () => {
    const find = (method: string, path: string) =>
      operations().find((o) => o.method === method && o.path === path)!.operation;
    for (const path of ['/api/admin/users', '/api/admin/members', '/api/admin/transactions', '/api/admin/audit-log']) {
      expect(Object.keys(find('get', path).responses['200']!.content!)).toEqual(['application/json', 'text/csv']);
    }
    expect(find('post', '/api/auth/reset-password').responses['204']!.content).toBeUndefined();
    for (const { method, operation } of operations()) {
      if (method === 'patch' && operation.requestBody)
        expect(operation.requestBody.content['application/json']!.schema.minProperties).toBe(1);
    }
  });

  it('refuses an empty PATCH body, as the document says (minProperties: 1)', async () => {
    const patches = operations().filter(({ method, operation }) => method === 'patch' && operation.requestBody);
    expect(patches.length).toBeGreaterThan(0);
    for (const { path } of patches) {
      const res = await portal.app.inject({
        method: 'PATCH',
        url: path.replace(/\{[^}]+\}/g, '1'),
        headers: bearer(admin),
        payload: {},
      });
      expect(res.statusCode, `PATCH ${path}: ${res.body}`).toBe(400);
    }
  });

  it('answers an unsupported method on a known path with 405 and Allow', async () => {
    const res = await portal.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(admin) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.headers.allow).toContain('PATCH');
    expect(errorOf(res).code).toBe('METHOD_NOT_ALLOWED');
    expect((await portal.app.inject({ method: 'PUT', url: '/api/admin/users/12' })).statusCode).toBe(405);
    expect((await portal.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });
});

describe('every operation, probed as a fuzzer would', () => {
  it('answers only statuses and content types the document lists (the harness checks each answer)', async () => {
    const member = await registerMember(portal.app);
    const probes: Array<{ headers?: Record<string, string>; payload?: string }> = [
      {},
      { headers: { ...bearer(member), 'content-type': 'application/json' }, payload: '{}' },
      { headers: { ...bearer(member), 'content-type': 'application/json' }, payload: '{"broken' },
      { headers: { ...bearer(admin), 'content-type': 'application/xml' }, payload: '<hello/>' },
      {
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: '{"page":"x","amount":-1,"username":""}',
      },
    ];
    let answers = 0;
    for (const { path, method } of operations()) {
      // Would end the sessions, run the day's close, or stream until it times out (notifications/stream.ts).
      if (path === '/api/auth/logout' || path.includes('close') || path.endsWith('/stream')) continue;
      for (const url of [path.replace(/\{[^}]+\}/g, '1'), path.replace(/\{[^}]+\}/g, 'x%00') + '?page=0&format=xml']) {
        for (const probe of probes) {
          const body = method === 'get' ? {} : { payload: probe.payload };
          await portal.app.inject({ method: method.toUpperCase() as 'GET', url, headers: probe.headers, ...body });
          answers += 1;
        }
      }
    }
    expect(answers).toBeGreaterThan(400);
  });
});

describe('the contract check of the test harness', () => {
  const answer = (statusCode: number, body: unknown, contentType = 'application/json; charset=utf-8') =>
    ({
      statusCode,
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }) as unknown as LightMyRequestResponse;

  it('refuses an undocumented status, content type or body, a code the contract does not list, and a code with the wrong status', () => {
    const check = contractChecker(portal.app);
    expect(() => check({ method: 'GET', url: '/api/me' }, answer(418, 'short and stout', 'text/plain'))).toThrow(
      /status the document does not list/,
    );
    expect(() => check({ method: 'GET', url: '/api/me' }, answer(401, { message: 'x', code: 'TEAPOT' }))).toThrow(
      /TEAPOT, which the contract .* does not list/,
    );
    expect(() => check({ method: 'GET', url: '/api/me' }, answer(200, 'a,b', 'text/csv'))).toThrow(
      /content type "text\/csv"/,
    );
    expect(() => check({ method: 'GET', url: '/api/me' }, answer(200, { id: 'not a number' }))).toThrow(
      /does not match the document/,
    );
    expect(() =>
      check({ method: 'GET', url: '/api/me' }, answer(422, { message: 'x', code: 'AUTH_REQUIRED' })),
    ).toThrow(/contract lists for 401/);
    expect(() => check({ method: 'POST', url: '/api/auth/reset-password' }, answer(204, 'null'))).toThrow(
      /says there is none/,
    );
    expect(() =>
      check(
        { method: 'GET', url: '/api/admin/users?format=csv' },
        answer(200, 'id\r\n1\r\n', 'text/csv; charset=utf-8'),
      ),
    ).not.toThrow();
  });
});

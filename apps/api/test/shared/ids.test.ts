import { beforeAll, describe, expect, it } from 'vitest';
import { idParamSchema } from '@portal/contract';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';

/**
 * An id is written one way only (packages/contract/src/ids.ts): canonical
 * positive decimal digits within the ids the API carries. `0x10` approved
 * withdrawal 16, and `+87`, `87.0`, `87e0`, `087` all meant 87.
 */

const NOT_IDS = [
  '0x10',
  '+87',
  '87.0',
  '87e0',
  '087',
  '0',
  '-1',
  '1e3',
  ' 87',
  '87 ',
  '9007199254740992',
  '99999999999999999999',
  '1_000',
  'Infinity',
  'NaN',
  '0b1',
  '',
];

const { portal, admin } = usePortal();
let member: Session;
beforeAll(async () => {
  member = await registerMember(portal.app);
});

describe('ids in the path', () => {
  it('the contract reads only canonical decimal ids', () => {
    for (const id of NOT_IDS) expect(idParamSchema.safeParse({ id }).success, JSON.stringify(id)).toBe(false);
    expect(idParamSchema.parse({ id: '87' })).toEqual({ id: 87 });
    expect(idParamSchema.parse({ id: '9007199254740991' })).toEqual({ id: 9_007_199_254_740_991 });
  });

  it('every operation with an {id} in its path answers 400 naming id for every other spelling', async () => {
    const document = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      path.includes('{id}') ? Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })) : [],
    );
    expect(operations.length).toBeGreaterThanOrEqual(15);
    const wrong: string[] = [];
    for (const { method, path } of operations) {
      for (const id of NOT_IDS.filter(Boolean)) {
        const url = path.replace('{id}', encodeURIComponent(id));
        const res = await portal.app.inject({
          method: method as 'GET',
          url,
          headers: { ...bearer(path.startsWith('/api/admin/') ? admin : member), 'content-type': 'application/json' },
          // Fastify checks the path before the body; a non-empty body passes the empty-PATCH refusal (openapi/document.ts).
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"name":"x"}' }),
        });
        const body = res.json<{ code?: string; field?: string }>();
        if (res.statusCode !== 400 || body.code !== 'VALIDATION_ERROR' || body.field !== 'id')
          wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the reproduction: /withdrawals/0x10/approve is refused, not withdrawal 16 approved', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/0x10/approve',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    expect(errorOf(res).message).toMatch(/decimal digits/);
  });

  it('a canonical id is read, up to the largest the API carries', async () => {
    const found = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/users/${member.user.id}`,
      headers: bearer(admin),
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().id).toBe(member.user.id);
    const largest = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/users/9007199254740991',
      headers: bearer(admin),
    });
    expect(largest.statusCode).toBe(404);
    expect(errorOf(largest).code).toBe('USER_NOT_FOUND');
  });
});

describe('ids in the query', () => {
  it('are read by the same rule (a tree root, a redemption quote)', async () => {
    for (const url of [
      '/api/network/sponsor-tree?root=',
      '/api/network/placement-tree?root=',
      '/api/redemptions/quote?quantity=1&productId=',
    ]) {
      for (const id of ['0x10', '+1', '1.0', '01', '1e0']) {
        const res = await portal.app.inject({
          method: 'GET',
          url: `${url}${encodeURIComponent(id)}`,
          headers: bearer(url.includes('network') ? admin : member),
        });
        expect(res.statusCode, `${url}${id}`).toBe(400);
        expect(errorOf(res).field, `${url}${id}`).toBe(url.includes('productId') ? 'productId' : 'root');
      }
    }
    const root = await portal.app.inject({
      method: 'GET',
      url: `/api/network/sponsor-tree?root=${member.user.id}`,
      headers: bearer(admin),
    });
    expect(root.statusCode).toBe(200);
  });
});

describe('other whole numbers in the query', () => {
  it('are decimal digits too: page=0x10 is not page 16, quantity=1e0 not 1', async () => {
    for (const [url, field] of [
      ['/api/admin/members?page=', 'page'],
      ['/api/admin/members?pageSize=', 'pageSize'],
      ['/api/network/placement-tree?depth=', 'depth'],
      ['/api/redemptions/quote?productId=1&quantity=', 'quantity'],
    ] as const) {
      for (const value of ['0x10', '+1', '1.0', '01', '1e0', ' 1', '-1']) {
        const res = await portal.app.inject({
          method: 'GET',
          url: `${url}${encodeURIComponent(value)}`,
          headers: bearer(url.includes('redemptions') ? member : admin),
        });
        expect(res.statusCode, `${url}${value}`).toBe(400);
        expect(errorOf(res).field, `${url}${value}`).toBe(field);
      }
    }
    const page = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/members?page=2&pageSize=5',
      headers: bearer(admin),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 2, pageSize: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import { endpoints, errorsOf, type Endpoint } from '@portal/contract';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { sql } from '../../src/platform/db/sql';
import { invitedAdmin } from '../admin-users/invite-helpers';

/**
 * Every admin power behind two-factor, declared once in the endpoint table
 * (packages/contract/src/endpoint.ts `twoFactor`) and enforced by the admin
 * scope (apps/api/src/platform/http/guard.ts `adminTwoFactorGate`):
 * docs/decisions/0051-admin-two-factor-declared-in-the-endpoint-table.md.
 */

const { portal, admin } = usePortal();

const table = (Object.entries(endpoints) as Array<[string, Record<string, Endpoint>]>).flatMap(([domain, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })),
);

describe('the endpoint table', () => {
  it('has every admin endpoint make its two-factor choice: true for every write, false for reads; no other endpoint has one', () => {
    const admin = table.filter(({ endpoint }) => endpoint.path.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThan(60);
    for (const { name, endpoint } of table) {
      if (!endpoint.path.startsWith('/admin/')) {
        expect(endpoint.twoFactor, name).toBeUndefined();
        continue;
      }
      expect(typeof endpoint.twoFactor, `${name} makes no two-factor choice`).toBe('boolean');
      expect(endpoint.twoFactor, `${name} (${endpoint.method}): every admin write needs two-factor`).toBe(
        endpoint.method !== 'GET',
      );
      // The code the gate answers is among what the endpoint may answer.
      expect(errorsOf(endpoint).includes('TWO_FACTOR_REQUIRED'), name).toBe(endpoint.twoFactor);
    }
  });
});

type Operation = {
  'x-two-factor'?: unknown;
  responses: Record<string, { description?: string }>;
};

describe('the OpenAPI document', () => {
  it('states the two-factor choice of every admin operation, true for every write, its 403 naming TWO_FACTOR_REQUIRED', () => {
    const document = portal.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const adminOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
    // Every admin endpoint of the table is in the document, and nothing else is served under /api/admin/.
    const fromTable = table
      .filter(({ endpoint }) => endpoint.path.startsWith('/admin/'))
      .map(({ endpoint }) => `${endpoint.method.toLowerCase()} /api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(adminOperations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(fromTable.sort());
    for (const { path, method, operation } of adminOperations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation['x-two-factor'], where).toBe(method !== 'get');
      const refusal = operation.responses['403']?.description ?? '';
      if (method === 'get') expect(refusal, where).not.toContain('TWO_FACTOR_REQUIRED');
      else expect(refusal, where).toContain('TWO_FACTOR_REQUIRED');
    }
  });
});

describe('with adminsRequireTwoFactor on, an admin without two-factor', () => {
  const post = (session: Session, url: string, payload?: object) =>
    portal.app.inject({ method: 'POST', url, headers: bearer(session), ...(payload ? { payload } : {}) });
  const patch = (session: Session, url: string, payload: object) =>
    portal.app.inject({ method: 'PATCH', url, headers: bearer(session), payload });
  const refused = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res as never).code).toBe('TWO_FACTOR_REQUIRED');
  };
  const rank = (name: string) => ({
    name,
    colour: '#1e88e5',
    kind: 'lifetime',
    bonus: '25',
    requirements: { minPackageId: null, minSponsored: null, minWeakerLegBv: null, minRanked: null },
  });
  const count = async (query: ReturnType<typeof sql>) => (await portal.db.query<{ n: number }>(query)).rows[0]!.n;

  it('is refused every admin write named in the attack (nothing changes); the admin with two-factor makes the same requests', async () => {
    expect(
      (await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) })).json(),
    ).toMatchObject({ adminsRequireTwoFactor: true });

    // An admin without two-factor, made by the admin with it.
    const plain = await invitedAdmin(portal, admin, 'plain-admin', 'Plain-Admin-Secret-31');
    // Reading stays open to them.
    expect(
      (await portal.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(plain) })).statusCode,
    ).toBe(200);

    const member = await registerMember(portal.app);
    const admins = () => count(sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    const adminsBefore = await admins();

    // Create an admin.
    const newAdmin = {
      username: 'sneaky-admin',
      email: 'sneaky-admin@example.com',
      fullName: 'Sneaky Admin',
    };
    refused(await post(plain, '/api/admin/users', newAdmin));
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE username = 'sneaky-admin'`)).toBe(0);

    // Promote a member.
    refused(await patch(plain, `/api/admin/users/${member.user.id}`, { role: 'admin' }));
    expect(await admins()).toBe(adminsBefore);

    // Define a rank with a bonus.
    refused(await post(plain, '/api/admin/ranks', rank('Plain Rank')));
    expect(await count(sql`SELECT count(*)::int AS n FROM ranks WHERE name = 'Plain Rank'`)).toBe(0);

    // Evaluate ranks (it credits income wallets): the evaluation never runs.
    const evaluations = () => count(sql`SELECT count(*)::int AS n FROM rank_evaluation WHERE last_day IS NOT NULL`);
    refused(await post(plain, '/api/admin/ranks/evaluate'));
    expect(await evaluations()).toBe(0);

    // Reset another account's sign-in: its sessions live on, no mail goes out.
    const mailsBefore = portal.mails.length;
    refused(await post(plain, `/api/admin/users/${member.user.id}/reset-sign-in`));
    expect(portal.mails.length).toBe(mailsBefore);
    expect((await portal.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member) })).statusCode).toBe(200);

    // Nothing of it is in the audit log.
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_log WHERE actor_id = ${plain.user.id}`)).toBe(0);

    // The admin with two-factor: the same requests succeed.
    const created = await post(admin, '/api/admin/users', newAdmin);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ username: 'sneaky-admin', role: 'admin' });
    const promoted = await patch(admin, `/api/admin/users/${member.user.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    const ranked = await post(admin, '/api/admin/ranks', rank('Plain Rank'));
    expect(ranked.statusCode, ranked.body).toBe(201);
    const evaluated = await post(admin, '/api/admin/ranks/evaluate');
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect(await evaluations()).toBe(1);
  });
});

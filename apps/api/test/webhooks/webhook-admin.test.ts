import { describe, expect, it } from 'vitest';
import { sql } from '../../src/platform/db/sql';
import { storable } from '../../src/webhooks/record-attempt';
import { isPrivateAddress } from '../../src/webhooks/url-check';
import { invitedAdmin } from '../admin-users/invite-helpers';
import { bearer, errorOf } from '../harness';
import { startReceiver } from './receiver';
import { createEndpoint, deliverPass, deliveries, useWebhookPortal } from './webhook-helpers';

/** The admins' webhook endpoints: the secret shown once, the URLs refused, the two-factor gate, changes audited. */

const { portal, admin } = useWebhookPortal();

const post = (url: string, payload?: object, who = admin) =>
  portal.app.inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) });

describe('webhook endpoints', () => {
  it('shows the secret at creation only: never in the list, its CSV, a change, or the audit log', async () => {
    const { endpoint, secret } = await createEndpoint(portal, admin, {
      url: 'http://127.0.0.1:9/hooks',
      kinds: ['deposit_credited', 'transfer_received', 'deposit_credited'],
      description: 'Accounting',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      kinds: ['deposit_credited', 'transfer_received'],
      enabled: true,
      createdBy: 'admin',
      waiting: 0,
    });
    const list = await portal.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: bearer(admin) });
    expect(list.json().items).toHaveLength(1);
    const csv = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks?format=csv',
      headers: bearer(admin),
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('http://127.0.0.1:9/hooks');
    const changed = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/webhooks/${endpoint.id}`,
      headers: bearer(admin),
      payload: { kinds: ['withdrawal_paid'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ kinds: ['withdrawal_paid'] });
    const audit = await portal.db.query<{ action: string; details: string }>(
      sql`SELECT action, details::text AS details FROM audit_log WHERE action LIKE 'webhook.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['webhook.create', 'webhook.update']);
    for (const text of [list.body, csv.body, changed.body, ...audit.rows.map((r) => r.details)])
      expect(text).not.toContain(secret.slice(6));
  });

  it('disables and enables an endpoint, and deletes it with its log', async () => {
    const { endpoint } = await createEndpoint(portal, admin, { url: 'http://127.0.0.1:9/', kinds: ['rank_reached'] });
    const patch = (payload: object) =>
      portal.app.inject({
        method: 'PATCH',
        url: `/api/admin/webhooks/${endpoint.id}`,
        headers: bearer(admin),
        payload,
      });
    expect((await patch({ enabled: false })).json()).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled by an admin',
    });
    const disabledOnly = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks?state=disabled',
      headers: bearer(admin),
    });
    expect(disabledOnly.json().items.map((e: { id: number }) => e.id)).toEqual([endpoint.id]);
    expect((await patch({ enabled: true })).json()).toMatchObject({ enabled: true, disabledAt: null });
    expect((await patch({})).statusCode).toBe(400);
    const gone = await portal.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${endpoint.id}`,
      headers: bearer(admin),
    });
    expect(gone.statusCode).toBe(204);
    const again = await portal.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${endpoint.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('WEBHOOK_NOT_FOUND');
  });
});

describe('webhook URLs', () => {
  it('refuses private, loopback and link-local addresses and plain http unless WEBHOOKS_ALLOW_PRIVATE is set', async () => {
    const config = portal.ctx.config;
    const hook = await startReceiver();
    const { endpoint } = await createEndpoint(portal, admin, { url: hook.url, kinds: ['transfer_received'] });
    const inside = await createEndpoint(portal, admin, { url: 'https://127.0.0.1:9/', kinds: ['rank_reached'] });
    config.webhooksAllowPrivate = false;
    try {
      for (const url of [
        'https://127.0.0.1/hooks',
        'https://localhost/hooks',
        'https://[::1]/hooks',
        'https://169.254.169.254/latest',
        'https://10.1.2.3/',
        'https://192.168.0.10/',
        'https://[::ffff:127.0.0.1]/',
      ]) {
        const refused = await post('/api/admin/webhooks', { url, kinds: ['transfer_received'] });
        expect(refused.statusCode, url).toBe(422);
        expect(errorOf(refused), url).toMatchObject({ code: 'WEBHOOK_URL_PRIVATE', field: 'url' });
      }
      const http = await post('/api/admin/webhooks', { url: 'http://example.com/', kinds: ['transfer_received'] });
      expect(errorOf(http)).toMatchObject({ code: 'WEBHOOK_URL_INVALID', field: 'url' });
      const unresolved = await post('/api/admin/webhooks', {
        url: 'https://no-such-host.invalid/',
        kinds: ['transfer_received'],
      });
      expect(errorOf(unresolved).code).toBe('WEBHOOK_URL_UNRESOLVED');
      // An endpoint registered while allowed is not reached once the setting is off: its URL is checked at each attempt.
      expect((await post(`/api/admin/webhooks/${endpoint.id}/test`)).statusCode).toBe(201);
      await deliverPass(portal);
      expect(hook.received).toHaveLength(0);
      const [delivery] = await deliveries(portal, admin, endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed', lastStatus: null });
      expect(delivery!.lastError).toMatch(/must use https/);
      expect((await post(`/api/admin/webhooks/${inside.endpoint.id}/test`)).statusCode).toBe(201);
      await deliverPass(portal);
      const [refused] = await deliveries(portal, admin, inside.endpoint.id);
      expect(refused!.lastError).toMatch(/127\.0\.0\.1, a private, loopback or link-local address/);
    } finally {
      config.webhooksAllowPrivate = true;
      await hook.close();
    }
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('fe80::1')).toBe(true);
    expect(isPrivateAddress('fd00::1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700:4700::1111')).toBe(false);
    // What a receiver answers is kept without the characters PostgreSQL cannot store, and bounded.
    expect(storable('a\u0000b\u001b\n\tc')).toBe('ab\n\tc');
    expect(storable('x'.repeat(5000))).toHaveLength(1000);
  });

  it('refuses bad input with a code naming the field', async () => {
    const bad = [
      [{ url: 'not a url', kinds: ['transfer_received'] }, 'WEBHOOK_URL_INVALID'],
      [{ url: 'ftp://example.com/', kinds: ['transfer_received'] }, 'WEBHOOK_URL_INVALID'],
      [{ url: 'https://user:pass@example.com/', kinds: ['transfer_received'] }, 'WEBHOOK_URL_INVALID'],
      [{ url: 'https://example.com/', kinds: [] }, 'VALIDATION_ERROR'],
      [{ url: 'https://example.com/', kinds: ['no_such_kind'] }, 'VALIDATION_ERROR'],
    ] as const;
    for (const [payload, code] of bad) {
      const res = await post('/api/admin/webhooks', payload);
      expect(errorOf(res).code, JSON.stringify(payload)).toBe(code);
    }
    const missing = await post('/api/admin/webhooks/deliveries/999999/redeliver');
    expect(errorOf(missing).code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
  });
});

describe('the two-factor gate of webhook writes', () => {
  it('refuses every write to an admin without two-factor (reads stay open); nothing is created', async () => {
    const plain = await invitedAdmin(portal, admin, 'plain-webhooks', 'Plain-Admin-Secret-41');
    const { endpoint } = await createEndpoint(portal, admin, { url: 'http://127.0.0.1:9/', kinds: ['rank_reached'] });
    const count = async () =>
      (await portal.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_endpoints`)).rows[0]!.n;
    const before = await count();
    const writes = [
      post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/', kinds: ['rank_reached'] }, plain),
      portal.app.inject({
        method: 'PATCH',
        url: `/api/admin/webhooks/${endpoint.id}`,
        headers: bearer(plain),
        payload: { enabled: false },
      }),
      portal.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${endpoint.id}`, headers: bearer(plain) }),
      post(`/api/admin/webhooks/${endpoint.id}/test`, undefined, plain),
      post('/api/admin/webhooks/deliveries/1/redeliver', undefined, plain),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('TWO_FACTOR_REQUIRED');
    }
    expect(await count()).toBe(before);
    expect((await deliveries(portal, admin, endpoint.id)).length).toBe(0);
    const read = await portal.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: bearer(plain) });
    expect(read.statusCode).toBe(200);
  });
});

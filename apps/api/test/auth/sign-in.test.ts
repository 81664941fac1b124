import { describe, expect, it, vi } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { THROTTLE, delayAfter } from '../../src/auth/throttle';
import { DEVICE_COOKIE } from '../../src/auth/device-cookie';
import { ADMIN_PASSWORD, basic, bearer, errorOf, login, loginAdmin, registerMember, useFreshPortal } from '../harness';
import { sql } from '../../src/platform/db/sql';

/** Sign-in that holds (docs/decisions/0010-sign-in-that-holds.md) (throttling, device cookie, grace, look-alikes, NUL, enumeration, limits). */
const portal = useFreshPortal();

const inject = (options: InjectOptions) => portal.app.inject(options);
const attempt = (username: string, password: string, ip: string, cookie?: string) =>
  inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: basic(username, password), ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });

/** The `name=value` of the device cookie a sign-in set. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie']].flat().find((value) => value?.startsWith(`${DEVICE_COOKIE}=`));
  if (!header) throw new Error('no device cookie set');
  return header.split(';')[0]!;
}

describe('throttling cannot keep the admin out', () => {
  it('30 failures for 30 random usernames from one address: the admin signs in from it at once', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 30; i += 1) {
      expect(
        (await attempt(`nobody-${i}-${Math.random().toString(36).slice(2, 8)}`, 'wrong-password', ip)).statusCode,
      ).toBe(401);
    }
    expect((await attempt('admin', ADMIN_PASSWORD, ip)).statusCode).toBe(200);
  });

  it("30 failures against admin: the admin's own browser signs in at once, a third address is slowed down with Retry-After", async () => {
    const own = await attempt('admin', ADMIN_PASSWORD, '10.21.0.1');
    expect(own.statusCode).toBe(200);
    const cookie = deviceCookieOf(own);
    expect([own.headers['set-cookie']].flat().join()).toMatch(/HttpOnly; SameSite=Strict/);

    const attacker = '10.21.0.2';
    const answers = new Set<number>();
    for (let i = 0; i < 30; i += 1) {
      answers.add((await attempt('admin', `guess-${i}`, attacker)).statusCode);
      portal.clock.advance(1_000);
    }
    expect([...answers].sort()).toEqual([401, 429]);

    // The admin's browser (the same address or another one) is not slowed down by them.
    expect((await attempt('admin', ADMIN_PASSWORD, '10.21.0.1', cookie)).statusCode).toBe(200);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.21.0.9', cookie)).statusCode).toBe(200);
    // A forged or foreign cookie is no exemption.
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await attempt('admin', ADMIN_PASSWORD, '10.21.0.3', forged)).statusCode).toBe(429);
    const third = await attempt('admin', ADMIN_PASSWORD, '10.21.0.3');
    expect(third.statusCode).toBe(429);
    expect(errorOf(third).code).toBe('LOGIN_LOCKED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // Every throttle that starts is in the audit log.
    const { rows } = await portal.db.query<{ action: string; target_id: string }>(
      sql`SELECT action, target_id FROM audit_log WHERE action LIKE 'auth.throttle.%' ORDER BY id`,
    );
    expect(rows).toContainEqual({ action: 'auth.throttle.username', target_id: 'admin' });
    portal.clock.advance(THROTTLE.windowMs + 1);
  });

  it("a browser's own wrong passwords use up its cookie's trust", async () => {
    const member = await registerMember(portal.app);
    const cookie = deviceCookieOf(await attempt(member.user.username, member.password, '10.22.0.1'));
    for (let i = 0; i < THROTTLE.deviceFailures; i += 1) {
      expect((await attempt(member.user.username, 'not-the-password', '10.22.0.1', cookie)).statusCode).toBe(401);
    }
    // Untrusted now, it meets the username's own (untouched) budget: failures count again.
    for (let i = 0; i < THROTTLE.freeFailures; i += 1) {
      expect((await attempt(member.user.username, 'not-the-password', '10.22.0.1', cookie)).statusCode).toBe(401);
    }
    expect((await attempt(member.user.username, member.password, '10.22.0.1', cookie)).statusCode).toBe(429);
    portal.clock.advance(THROTTLE.windowMs + 1);
  });
});

describe('sign-in throttling', () => {
  const attempt = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic(username, password), ...headers },
      remoteAddress: ip,
    });

  it('slows a username down after repeated failures, even with the right password, then lets it in', async () => {
    const member = await registerMember(portal.app);
    const name = member.user.username;
    for (let i = 0; i < THROTTLE.freeFailures; i += 1) {
      expect((await attempt(name, 'bad-password', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    // From here each failure doubles the wait; an attempt inside it is refused without a password check.
    for (let i = 0; i < 5; i += 1) {
      const early = await attempt(name, member.password, '10.1.1.1');
      expect(early.statusCode).toBe(429);
      expect(errorOf(early).code).toBe('LOGIN_LOCKED');
      expect(Number(early.headers['retry-after'])).toBe(delayAfter(THROTTLE.freeFailures + i) / 1000);
      portal.clock.advance(delayAfter(THROTTLE.freeFailures + i));
      expect((await attempt(name, 'bad-password', `10.1.2.${i}`)).statusCode).toBe(401);
    }
    const locked = await attempt(name, member.password, '10.1.1.2');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toMatch(/Try again in 32 seconds/);
    portal.clock.advance(32_000);
    expect((await attempt(name, member.password, '10.1.1.3')).statusCode).toBe(200);
    // The right password ended the slowdown.
    expect((await attempt(name, 'bad-password', '10.1.1.4')).statusCode).toBe(401);
  });

  it('does not slow down for failures spread over more than 15 minutes', async () => {
    const member = await registerMember(portal.app);
    for (let i = 0; i < 12; i += 1) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: basic(member.user.username, 'bad-password') },
        remoteAddress: `10.2.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
      portal.clock.advance(2 * 60_000);
    }
  });

  it('refuses one address that tries many usernames, but never a correct password for an account it signed in to before', async () => {
    const ip = '10.3.3.3';
    const member = await registerMember(portal.app);
    await login(portal.app, member.user.username, member.password, ip);
    for (let i = 0; i < THROTTLE.addressFailures; i += 1) {
      const res = await attempt(`guess${i}`, 'bad-password', ip);
      expect(res.statusCode).toBe(401);
    }
    const refused = await attempt('admin', ADMIN_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('LOGIN_LOCKED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect((await attempt(member.user.username, member.password, ip)).statusCode).toBe(200);
    const elsewhere = await attempt('admin', ADMIN_PASSWORD, '10.3.3.4');
    expect(elsewhere.statusCode).toBe(200);
    portal.clock.advance(16 * 60_000);
  });
});

describe('attempts sent at once', () => {
  it('cannot all pass the check before any is counted: past the free budget, one of many concurrent guesses is tried', async () => {
    const member = await registerMember(portal.app);
    for (let i = 0; i < THROTTLE.freeFailures - 1; i += 1) {
      expect((await attempt(member.user.username, `wrong-${i}`, `10.25.0.${i}`)).statusCode).toBe(401);
    }
    // The last free failure and nine more, all at the same moment from ten addresses.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(member.user.username, `burst-${i}`, `10.25.1.${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*) AS n FROM login_failures WHERE key = ${`user:${member.user.username.toLowerCase()}`}`,
    );
    expect(Number(rows[0]!.n)).toBe(THROTTLE.freeFailures);
    portal.clock.advance(THROTTLE.windowMs + 1);
  });
});

describe('one username, one key', () => {
  it('ADMIN and ａｄｍｉｎ are the admin; admİn is not, and none of them gets round the slowdown', async () => {
    expect((await login(portal.app, 'ADMIN', ADMIN_PASSWORD, '10.30.0.1')).user.username).toBe('admin');
    expect((await login(portal.app, 'ａｄｍｉｎ', ADMIN_PASSWORD, '10.30.0.1')).user.username).toBe('admin');
    expect((await attempt('admİn', ADMIN_PASSWORD, '10.30.0.1')).statusCode).toBe(401);

    for (let i = 0; i < THROTTLE.freeFailures; i += 1) {
      expect((await attempt(i % 2 ? 'ADMIN' : 'ａｄｍｉｎ', 'wrong-password', `10.30.1.${i}`)).statusCode).toBe(401);
    }
    for (const name of ['admin', 'ADMIN', 'ａｄｍｉｎ', 'Admin']) {
      expect((await attempt(name, ADMIN_PASSWORD, '10.30.2.1')).statusCode, name).toBe(429);
    }
    expect((await attempt('admİn', ADMIN_PASSWORD, '10.30.2.1')).statusCode).toBe(401);
    portal.clock.advance(THROTTLE.windowMs + 1);
  });

  it('refuses at registration a username equal to another under case folding or compatibility forms', async () => {
    const existing = await registerMember(portal.app);
    const name = existing.user.username;
    const fullWidth = [...name]
      .map((c) => (/[a-z0-9]/i.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join('');
    for (const [candidate, status] of [
      [name.toUpperCase(), 409],
      [fullWidth, 400],
      ['admİn', 400],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: candidate,
          email: `x${Math.random().toString(36).slice(2)}@example.com`,
          fullName: 'Look Alike',
          password: 'Violet-Tangerine-42',
          sponsor: 'company',
        },
      });
      expect(res.statusCode, candidate).toBe(status);
      expect(errorOf(res).field).toBe('username');
    }
    const { rows } = await portal.db.query<{ username_key: string }>(
      sql`SELECT username_key FROM users WHERE id = ${existing.user.id}`,
    );
    expect(rows[0]!.username_key).toBe(name.toLowerCase());
  });
});

describe('control characters', () => {
  it('answers 400 naming the field for a NUL in the Basic credentials, the registration, the profile, a transfer and list filters', async () => {
    const admin = await loginAdmin(portal.app);
    const member = await registerMember(portal.app);
    const cases: Array<[InjectOptions, string]> = [
      [
        { method: 'POST', url: '/api/auth/login', headers: { authorization: basic('ad\u0000min', 'x-password') } },
        'username',
      ],
      [
        { method: 'POST', url: '/api/auth/login', headers: { authorization: basic('admin', 'pass\u0000word') } },
        'password',
      ],
      [
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            username: 'nulname1',
            email: 'nul1@example.com',
            fullName: 'ab\u0000cd',
            password: 'Violet-Tangerine-42',
            sponsor: 'company',
          },
        },
        'fullName',
      ],
      [
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            username: 'nulname2',
            email: 'nul2@example.com',
            fullName: 'Ab Cd',
            password: 'Violet-Tangerine-42',
            sponsor: 'comp\u0000any',
          },
        },
        'sponsor',
      ],
      [{ method: 'PATCH', url: '/api/me', headers: bearer(member), payload: { fullName: 'ab\u0000cd' } }, 'fullName'],
      [{ method: 'PATCH', url: '/api/me', headers: bearer(member), payload: { country: 'Port\u001bugal' } }, 'country'],
      [
        {
          method: 'POST',
          url: '/api/transfers',
          headers: bearer(member),
          payload: { toUsername: 'ad\u0000min', amount: '1' },
        },
        'toUsername',
      ],
      [{ method: 'GET', url: '/api/transfers/receiver?username=ad%00min', headers: bearer(member) }, 'username'],
      [{ method: 'GET', url: '/api/admin/members?search=ab%00cd', headers: bearer(admin) }, 'search'],
      [{ method: 'GET', url: '/api/admin/users?search=ab%07cd', headers: bearer(admin) }, 'search'],
      [
        {
          method: 'POST',
          url: `/api/admin/members/${member.user.id}/adjustments`,
          headers: bearer(admin),
          payload: { wallet: 'deposit', direction: 'credit', amount: '1', reason: 'because\u0000' },
        },
        'reason',
      ],
      [{ method: 'GET', url: '/api/admin/outbox?to=a%00b', headers: bearer(admin) }, 'to'],
    ];
    for (const [options, field] of cases) {
      const res = await inject({ remoteAddress: '10.40.0.1', ...options });
      expect(res.statusCode, `${options.method} ${options.url}`).toBe(400);
      expect(errorOf(res).field, `${options.method} ${options.url}`).toBe(field);
      expect(errorOf(res).message).toMatch(/control characters/);
    }
  });
});

describe('forgot-password answers before the per-account work', () => {
  it('a mail transport that takes 2 s does not delay the answer for a registered address', async () => {
    const member = await registerMember(portal.app);
    const original = portal.ctx.mailer;
    let delivered = false;
    let started = false;
    portal.ctx.mailer = {
      ...original,
      async send() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        delivered = true;
      },
    };
    try {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `${member.user.username}@example.com` },
        remoteAddress: '10.50.0.1',
      });
      expect(res.statusCode).toBe(202);
      // Answered while the mail was not yet handed over.
      expect(delivered).toBe(false);
      await vi.waitFor(() => expect(started).toBe(true));
    } finally {
      portal.ctx.mailer = original;
    }
  });

  it('sends at most a few mails per address and per email per hour, answering the same', async () => {
    const member = await registerMember(portal.app);
    const email = `${member.user.username}@example.com`;
    const bodies = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: `10.51.0.${i}`,
      });
      expect(res.statusCode).toBe(202);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    const count = async () =>
      Number(
        (await portal.db.query<{ n: number }>(sql`SELECT count(*) AS n FROM mail_outbox WHERE to_address = ${email}`))
          .rows[0]!.n,
      );
    await vi.waitFor(async () => expect(await count()).toBe(3));
    // Per address too: an address asking for many emails is quietly cut off.
    for (let i = 0; i < 15; i += 1) {
      const other = await registerMember(portal.app);
      expect(
        (
          await inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: `${other.user.username}@example.com` },
            remoteAddress: '10.52.0.1',
          })
        ).statusCode,
      ).toBe(202);
    }
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*) AS n FROM rate_hits WHERE key = 'forgot-ip:10.52.0.1'`,
    );
    expect(Number(rows[0]!.n)).toBe(10);
    portal.clock.advance(61 * 60_000);
    expect(await count()).toBe(3);
  });
});

describe('current-password checks are throttled like sign-in', () => {
  it('slows down guessing the current password on POST /api/me/password', async () => {
    const member = await registerMember(portal.app);
    const change = (currentPassword: string) =>
      inject({
        method: 'POST',
        url: '/api/me/password',
        headers: bearer(member),
        payload: { currentPassword, newPassword: 'Fresh-Password-2026' },
      });
    for (let i = 0; i < THROTTLE.freeFailures; i += 1) expect((await change(`wrong-${i}`)).statusCode).toBe(422);
    const refused = await change(member.password);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('PASSWORD_CHECKS_LOCKED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    portal.clock.advance(2_000);
    expect((await change(member.password)).statusCode).toBe(204);
  });
});

describe('registrations per address', () => {
  it('refuses more than REGISTRATIONS_PER_HOUR registrations from one address, with Retry-After', async () => {
    // The harness allows many (every test file registers from one address); this test sets REGISTRATIONS_PER_HOUR=3.
    const configured = portal.ctx.config.registrationsPerHour;
    portal.ctx.config.registrationsPerHour = 3;
    try {
      const register = (i: number, ip: string) =>
        inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: ip,
          payload: {
            username: `limited${i}`,
            email: `limited${i}@example.com`,
            fullName: 'Limited',
            password: 'Violet-Tangerine-42',
            sponsor: 'company',
          },
        });
      for (let i = 0; i < 3; i += 1) expect((await register(i, '10.60.0.1')).statusCode).toBe(201);
      const refused = await register(3, '10.60.0.1');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('REGISTRATION_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await register(4, '10.60.0.2')).statusCode).toBe(201);
      portal.clock.advance(60 * 60_000 + 1);
      expect((await register(5, '10.60.0.1')).statusCode).toBe(201);
    } finally {
      portal.ctx.config.registrationsPerHour = configured;
    }
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { REFRESH_GRACE_MS } from '../../src/auth/refresh';
import { ADMIN_PASSWORD, basic, bearer, errorOf, login, loginAdmin, registerMember, useFreshPortal } from '../harness';
import { sql } from '../../src/platform/db/sql';

const portal = useFreshPortal();

const inject = (options: InjectOptions) => portal.app.inject(options);

describe('POST /api/auth/login', () => {
  it('signs the seeded admin in with an empty body and a Basic header', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic('admin', ADMIN_PASSWORD), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin' });
    expect(body.user.passwordHash).toBeUndefined();
    expect(typeof body.accessToken).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
  });

  it.each([
    ['no header', undefined],
    ['not Basic', 'Bearer abc'],
    ['not base64 text', 'Basic !!!'],
    ['no colon', `Basic ${Buffer.from('admin').toString('base64')}`],
    ['empty username', basic('', 'x')],
    ['empty password', basic('admin', '')],
  ])('answers 400 with the original text for %s', async (_case, authorization) => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CREDENTIALS_REQUIRED',
      message: 'Username and password are required.',
    });
  });

  it('answers 400 for huge credentials', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic('a'.repeat(200), 'b'.repeat(500)) },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('CREDENTIALS_TOO_LONG');
  });

  it('answers 401 with a message for a wrong password or an unknown user', async () => {
    for (const [u, p] of [
      ['admin', 'wrong-password'],
      ['nobody-here', 'whatever123'],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: basic(u, p) },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' });
    }
  });

  it('accepts the username in any case', async () => {
    const session = await login(portal.app, 'ADMIN', ADMIN_PASSWORD);
    expect(session.user.username).toBe('admin');
  });

  it('cannot sign in as the company root, which has no password', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic('company', 'anything-at-all') },
      remoteAddress: '10.9.9.8',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token, and a replayed one ends the whole sign-in', async () => {
    const session = await loginAdmin(portal.app);
    const first = await inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    expect(
      (await inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${rotated.accessToken}` } }))
        .statusCode,
    ).toBe(200);

    // Past the grace interval for two tabs refreshing at once (sign-in.test.ts tries the inside of it).
    portal.clock.advance(REFRESH_GRACE_MS + 1);
    const replay = await inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('REFRESH_TOKEN_INVALID');
    // The thief's replay also kills the rightful holder's newer tokens.
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          payload: { refreshToken: rotated.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${rotated.accessToken}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 401 for an unknown token and 400 for a missing or malformed body', async () => {
    expect(
      (await inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: 'nope' } })).statusCode,
    ).toBe(401);
    for (const payload of [{}, { refreshToken: 42 }, { refreshToken: '' }, { refreshToken: 'x'.repeat(5000) }]) {
      const res = await inject({ method: 'POST', url: '/api/auth/refresh-token', payload });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'refreshToken' });
    }
    const bad = await inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { 'content-type': 'application/json' },
      payload: '{"refreshToken":',
    });
    expect(bad.statusCode).toBe(400);
    errorOf(bad);
  });

  it('refuses an expired refresh token', async () => {
    const session = await loginAdmin(portal.app);
    portal.clock.advance(31 * 86_400_000);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout ends the sign-in', async () => {
    const session = await loginAdmin(portal.app);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: '/api/me', headers: bearer(session) })).statusCode).toBe(401);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          payload: { refreshToken: session.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('two tabs refreshing at once', () => {
  it('within the grace interval the same token answers the same new refresh token; after it, reuse revokes the sign-in', async () => {
    const session = await loginAdmin(portal.app);
    const refresh = (refreshToken: string) =>
      inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    portal.clock.advance(REFRESH_GRACE_MS - 1_000);
    const second = await refresh(session.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).toBe(first.json().refreshToken);
    expect((await inject({ method: 'GET', url: '/api/me', headers: bearer(second.json()) })).statusCode).toBe(200);

    // The new token carries on, rotating once more; the old one inside the grace follows the chain.
    const third = await refresh(first.json().refreshToken);
    expect(third.statusCode).toBe(200);
    const late = await refresh(session.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json().refreshToken).toBe(third.json().refreshToken);

    portal.clock.advance(REFRESH_GRACE_MS + 1);
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('REFRESH_TOKEN_INVALID');
    expect((await refresh(third.json().refreshToken)).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/me', headers: bearer(third.json()) })).statusCode).toBe(401);
  });

  it('a token that was never issued answers 401 inside or outside any grace', async () => {
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          payload: { refreshToken: 'never-issued-token' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('access tokens and guards', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect(errorOf(await inject({ method: 'GET', url: '/api/me' })).code).toBe('AUTH_REQUIRED');
    const forged = await inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('keeps /api/admin/ for admins only', async () => {
    const member = await registerMember(portal.app);
    const res = await inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(member) });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('ADMIN_ONLY');
    expect((await inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(await loginAdmin(portal.app)) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
  });
});

describe('POST /api/auth/register', () => {
  const valid = (over: Record<string, unknown> = {}) => ({
    username: `newbie${Math.floor(Math.random() * 1e9)}`,
    email: `n${Math.floor(Math.random() * 1e9)}@example.com`,
    fullName: 'New Member',
    password: 'Violet-Tangerine-42',
    sponsor: 'company',
    ...over,
  });

  it('creates a member under the sponsor, keeping the asked side', async () => {
    const body = valid({ side: 'left' });
    const res = await inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: body.username, role: 'member', isMember: true });
    const { rows } = await portal.db.query<{ sponsor: string; requested_side: string }>(
      sql`SELECT s.username AS sponsor, m.requested_side FROM members m JOIN users u ON u.id = m.user_id
         JOIN users s ON s.id = m.sponsor_id WHERE u.username = ${body.username}`,
    );
    expect(rows[0]).toEqual({ sponsor: 'company', requested_side: 'left' });
    await login(portal.app, body.username, body.password);
  });

  it('names the field of every bad input', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [valid({ username: 'ab' }), 'username'],
      [valid({ username: 'has space' }), 'username'],
      [valid({ username: 'x'.repeat(100) }), 'username'],
      [valid({ username: 12345 }), 'username'],
      [valid({ email: 'not-an-email' }), 'email'],
      [valid({ fullName: '' }), 'fullName'],
      [valid({ password: 'short' }), 'password'],
      [valid({ password: 'p'.repeat(500) }), 'password'],
      [valid({ sponsor: '' }), 'sponsor'],
      [valid({ side: 'middle' }), 'side'],
      [{ ...valid(), email: undefined }, 'email'],
    ];
    for (const [payload, field] of cases) {
      const res = await inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    const empty = await inject({ method: 'POST', url: '/api/auth/register' });
    expect(empty.statusCode).toBe(400);
    errorOf(empty);
  });

  it('refuses a common password', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: valid({ password: 'password123' }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
  });

  it('requires an existing sponsor, and refuses duplicates whatever their case', async () => {
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: valid({ sponsor: 'ghost-sponsor' }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown)).toMatchObject({ code: 'SPONSOR_NOT_FOUND', field: 'sponsor' });
    const adminSponsor = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: valid({ sponsor: 'admin' }),
    });
    expect(adminSponsor.statusCode).toBe(422);

    const first = valid();
    expect((await inject({ method: 'POST', url: '/api/auth/register', payload: first })).statusCode).toBe(201);
    const sameName = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: valid({ username: first.username.toUpperCase() }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(errorOf(sameName)).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
    const sameEmail = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: valid({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(errorOf(sameEmail)).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
  });

  it('registers under a member sponsor found by the referral username', async () => {
    const sponsor = await registerMember(portal.app);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: valid({ sponsor: sponsor.user.username.toUpperCase() }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('forgot and reset password', () => {
  /** The mail as its recipient gets it (admins see the outbox redacted). */
  async function latestMailTo(email: string) {
    const mail = portal.mails.filter((sent) => sent.to.toLowerCase() === email.toLowerCase()).at(-1);
    return mail && { body: mail.text, subject: mail.subject };
  }

  it('shows admins the outbox without the live link', async () => {
    const member = await registerMember(portal.app);
    const email = `${member.user.username}@example.com`;
    await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    // Forgot-password makes the mail after its answer.
    const mail = await vi.waitFor(async () => (await latestMailTo(email)) ?? Promise.reject(new Error('no mail yet')));
    const token = /token=(\S+)/.exec(mail.body)![1]!;
    const admin = await loginAdmin(portal.app);
    const res = await inject({
      method: 'GET',
      url: `/api/admin/outbox?to=${encodeURIComponent(email)}`,
      headers: bearer(admin),
    });
    const kept = res.json().items[0] as { body: string };
    expect(kept.body).toContain('/password-reset?token=[redacted]');
    expect(JSON.stringify(res.json())).not.toContain(token);
    const { rows } = await portal.db.query<{ body: string }>(
      sql`SELECT body FROM mail_outbox WHERE to_address = ${email}`,
    );
    expect(rows[0]!.body).not.toContain(token);
  });

  it('answers 202 the same way whether or not the address exists, and mails a single-use link valid one hour', async () => {
    const member = await registerMember(portal.app);
    const email = `${member.user.username}@example.com`;
    const known = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await latestMailTo('nobody@example.com')).toBeUndefined();

    // The mail is prepared after the answer.
    const mail = await vi.waitFor(async () => (await latestMailTo(email)) ?? Promise.reject(new Error('no mail yet')));
    const token = decodeURIComponent(/password-reset\?token=(\S+)/.exec(mail.body)![1]!);
    expect(mail.body).toContain('http://portal.test/password-reset?token=');

    const weak = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'password123' },
    });
    expect(weak.statusCode).toBe(400);
    const ok = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Brand-New-Secret-77' },
    });
    expect(ok.statusCode).toBe(204);
    // The old sign-in ended with the reset; the new password works; the link is spent.
    expect((await inject({ method: 'GET', url: '/api/me', headers: bearer(member) })).statusCode).toBe(401);
    await login(portal.app, member.user.username, 'Brand-New-Secret-77');
    const again = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-Secret-88' },
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'token' });
  });

  it('refuses a link older than one hour', async () => {
    const member = await registerMember(portal.app);
    const email = `${member.user.username}@example.com`;
    await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const mail = await vi.waitFor(async () => (await latestMailTo(email)) ?? Promise.reject(new Error('no mail yet')));
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.body)![1]!);
    portal.clock.advance(61 * 60_000);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Brand-New-Secret-77' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('validates its input', async () => {
    expect(
      (await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nope' } })).statusCode,
    ).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} })).statusCode).toBe(400);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('password');
  });
});

describe('/api/me', () => {
  it('reads and changes the profile, refusing a taken email', async () => {
    const member = await registerMember(portal.app);
    const other = await registerMember(portal.app);
    const me = await inject({ method: 'GET', url: '/api/me', headers: bearer(member) });
    expect(me.json()).toMatchObject({ username: member.user.username, isMember: true });
    const changed = await inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(member),
      payload: { fullName: 'Renamed Person', phone: '+1 555 0100', country: 'Portugal' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ fullName: 'Renamed Person', phone: '+1 555 0100', country: 'Portugal' });
    const taken = await inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(member),
      payload: { email: `${other.user.username.toUpperCase()}@example.com` },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).field).toBe('email');
    const bad = await inject({ method: 'PATCH', url: '/api/me', headers: bearer(member), payload: { fullName: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('fullName');
  });

  it('changes the password only with the current one, ending other sign-ins', async () => {
    const member = await registerMember(portal.app);
    const elsewhere = await login(portal.app, member.user.username, member.password);
    const wrong = await inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(member),
      payload: { currentPassword: 'not-it-at-all', newPassword: 'Fresh-Password-2026' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).field).toBe('currentPassword');
    const ok = await inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(member),
      payload: { currentPassword: member.password, newPassword: 'Fresh-Password-2026' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: '/api/me', headers: bearer(member) })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/me', headers: bearer(elsewhere) })).statusCode).toBe(401);
    await login(portal.app, member.user.username, 'Fresh-Password-2026');
  });
});

describe('health and docs', () => {
  it('answers health and serves the OpenAPI document', async () => {
    // Health also says its checks in words (health/checks.ts); without a chain they are the database, payouts and hot wallet.
    const health = (await inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.status).toBe('ok');
    expect(Object.keys(health)).toEqual(['status', 'checks']);
    expect(health.checks.database.state).toBe('ok');
    const doc = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/auth/login');
    expect((await inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers with a content-security policy', async () => {
    const answers = [
      await inject({ method: 'GET', url: '/api/health' }),
      // An error answer and a refused money request carry them too (they are set before routing).
      await inject({ method: 'GET', url: '/api/no-such-route' }),
      await inject({ method: 'POST', url: '/api/transfers', payload: { toUsername: 'x', amount: '1' } }),
    ];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401]);
  });
});

import { describe, expect, it } from 'vitest';
import { basic, bearer, errorOf, registerMember, usePortal } from '../harness';
import { codeAt, enableTwoFactor, freshCode } from './two-factor-helpers';
import { sql } from '../../src/platform/db/sql';
import { sealSecret } from '../../src/two-factor/secret-box';
import { randomBytes } from 'node:crypto';

describe('two-factor sign-in (TOTP)', () => {
  const { portal, admin } = usePortal();
  const loginWith = (username: string, password: string, code?: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic(username, password), ...(code ? { 'x-totp-code': code } : {}) },
    });

  it('sets up with a secret and an otpauth URL, and stays off until a first code confirms it', async () => {
    const member = await registerMember(portal.app);
    const setup = await portal.app.inject({ method: 'POST', url: '/api/me/2fa/setup', headers: bearer(member) });
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.secret).toMatch(/^[A-Z2-7]+$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Not enabled yet: the login contract is untouched.
    expect((await loginWith(member.user.username, member.password)).statusCode).toBe(200);
    const wrong = await portal.app.inject({
      method: 'POST',
      url: '/api/me/2fa/enable',
      headers: bearer(member),
      payload: { code: '000000' === codeAt(body.secret, portal.clock.now) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong)).toMatchObject({ code: 'TOTP_INVALID', field: 'code' });
    // The secret never reaches the database in the clear.
    const { rows } = await portal.db.query<{ secret_enc: string }>(
      sql`SELECT secret_enc FROM two_factor WHERE user_id = ${member.user.id}`,
    );
    expect(rows[0]!.secret_enc).not.toContain(body.secret);
    expect(rows[0]!.secret_enc.startsWith('v1:')).toBe(true);
  });

  it('asks for a code after the password once enabled; a wrong, reused or stale code is refused', async () => {
    const member = await registerMember(portal.app);
    const { secret, recoveryCodes } = await enableTwoFactor(portal, member);
    expect(recoveryCodes).toHaveLength(10);
    const status = await portal.app.inject({ method: 'GET', url: '/api/me/2fa', headers: bearer(member) });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const noCode = await loginWith(member.user.username, member.password);
    expect(noCode.statusCode).toBe(401);
    expect(errorOf(noCode).code).toBe('TOTP_REQUIRED');
    // A wrong password never reveals whether two-factor is on.
    expect(errorOf(await loginWith(member.user.username, 'Wrong-Password-1')).code).toBe('INVALID_CREDENTIALS');

    const code = freshCode(portal, secret);
    const ok = await loginWith(member.user.username, member.password, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['accessToken', 'refreshToken', 'user']);

    const replay = await loginWith(member.user.username, member.password, code);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('TOTP_REUSED');

    // A code from two steps ago is outside the ±1 window.
    const stale = codeAt(secret, new Date(portal.clock.now.getTime() - 90_000));
    portal.clock.advance(30_000);
    const old = await loginWith(member.user.username, member.password, stale);
    expect(old.statusCode).toBe(401);
    expect(errorOf(old).code).toBe('TOTP_INVALID');

    // One step either side is accepted (clock drift), when it is later than the last code used.
    portal.clock.advance(60_000);
    const previous = codeAt(secret, new Date(portal.clock.now.getTime() - 30_000));
    expect((await loginWith(member.user.username, member.password, previous)).statusCode).toBe(200);

    // A recovery code works once.
    expect((await loginWith(member.user.username, member.password, recoveryCodes[0])).statusCode).toBe(200);
    expect(errorOf(await loginWith(member.user.username, member.password, recoveryCodes[0])).code).toBe('TOTP_INVALID');
  });

  it('disables with a current code only', async () => {
    const member = await registerMember(portal.app);
    const { secret } = await enableTwoFactor(portal, member);
    const wrong = await portal.app.inject({
      method: 'POST',
      url: '/api/me/2fa/disable',
      headers: bearer(member),
      payload: { code: '12345' },
    });
    expect(wrong.statusCode).toBe(400);
    const bad = await portal.app.inject({
      method: 'POST',
      url: '/api/me/2fa/disable',
      headers: bearer(member),
      payload: { code: codeAt(secret, new Date(portal.clock.now.getTime() - 300_000)) },
    });
    expect(bad.statusCode).toBe(422);
    const off = await portal.app.inject({
      method: 'POST',
      url: '/api/me/2fa/disable',
      headers: bearer(member),
      payload: { code: freshCode(portal, secret) },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await loginWith(member.user.username, member.password)).statusCode).toBe(200);
    expect(admin.user.role).toBe('admin');
  });

  it("says plainly when the portal's key no longer opens a secret (TOTP_ENCRYPTION_KEY changed), and a recovery code still signs in", async () => {
    const member = await registerMember(portal.app);
    const { secret, recoveryCodes } = await enableTwoFactor(portal, member);
    // The secret as another key sealed it: what a restore onto a folder without its key reads.
    await portal.db.query(
      sql`UPDATE two_factor SET secret_enc = ${sealSecret(randomBytes(32), member.user.id, secret)} WHERE user_id = ${member.user.id}`,
    );
    const refused = await loginWith(member.user.username, member.password, freshCode(portal, secret));
    expect(refused.statusCode, refused.body).toBe(503);
    expect(errorOf(refused).code).toBe('TWO_FACTOR_KEY_MISMATCH');
    expect(errorOf(refused).message).toMatch(/recovery code/);
    const recovered = await loginWith(member.user.username, member.password, recoveryCodes[0]);
    expect(recovered.statusCode, recovered.body).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_GUARD } from '../../src/two-factor/guard';
import { sql } from '../../src/platform/db/sql';
import {
  adminCode,
  basic,
  bearer,
  enableAdminTwoFactor,
  errorOf,
  loginAdmin,
  registerMember,
  startPortal,
  usePortal,
  type TestPortal,
} from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';
import { codeAt, enableTwoFactor, freshCode } from './two-factor-helpers';

/** A six-digit code that is none of the three the portal accepts now. */
function wrongCode(portal: TestPortal, secret: string): string {
  const now = portal.clock.now.getTime();
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, new Date(now + d))));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

const LOCK_MAIL = 'Several wrong two-factor codes on your account';

describe('second-factor codes are counted per account (docs/decisions/0027)', () => {
  const guard = useSecondFactor();
  withdrawalAndDisableTests(guard);
  signInAndGuessTests(guard);
  largeApprovalTests(guard);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useSecondFactor() {
  const { portal, admin } = usePortal();
  const loginWith = (username: string, password: string, code?: string, ip = '10.9.0.1') =>
    portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { authorization: basic(username, password), ...(code ? { 'x-totp-code': code } : {}) },
    });

  async function readyMember() {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0' });
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '100');
    const { secret } = await enableTwoFactor(portal, member);
    return { member, secret };
  }
  return { portal, admin, loginWith, readyMember };
}
type SecondFactor = ReturnType<typeof useSecondFactor>;

function withdrawalAndDisableTests({ readyMember, portal, loginWith }: SecondFactor) {
  it('withdrawals: wrong codes lock the codes after the limit (429, Retry-After), the right one too; the member can still sign in after; one mail', async () => {
    const { member, secret } = await readyMember();
    const mailsBefore = portal.mails.filter((m) => m.subject === LOCK_MAIL).length;
    for (let i = 0; i < SECOND_FACTOR_GUARD.maxFailures; i += 1) {
      const res = await requestWithdrawal(portal.app, member, {
        amount: '20',
        address: OUTSIDE[0],
        totpCode: wrongCode(portal, secret),
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorOf(res).code).toBe('TOTP_INVALID');
    }
    const refused = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[0],
      totpCode: wrongCode(portal, secret),
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused).code).toBe('SECOND_FACTOR_LOCKED');
    expect(errorOf(refused).message).toMatch(/Too many wrong two-factor codes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(SECOND_FACTOR_GUARD.lockMs / 1000);
    // While locked, even the right code is refused, and nothing moves.
    const right = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[0],
      totpCode: freshCode(portal, secret),
    });
    expect(right.statusCode).toBe(429);
    const mine = await portal.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(member) });
    expect(mine.json().items).toHaveLength(0);

    // One mail for the burst, to the member, not one per failure.
    const mails = portal.mails.filter((m) => m.subject === LOCK_MAIL);
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)!.to).toBe(`${member.user.username}@example.com`);
    // The lock is on the audit record.
    const audit = await portal.db.query<{ target_id: string }>(
      sql`SELECT target_id FROM audit_log WHERE action = 'auth.second_factor.locked'`,
    );
    expect(audit.rows.map((r) => r.target_id)).toContain(String(member.user.id));

    // The password step is untouched: the right password is still right (the code is asked, not a lockout) …
    const password = await loginWith(member.user.username, member.password);
    expect(password.statusCode).toBe(401);
    expect(errorOf(password).code).toBe('TOTP_REQUIRED');
    // … the session the member has goes on working …
    expect((await portal.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member) })).statusCode).toBe(200);
    // … and once the lock is over, the member signs in and withdraws.
    portal.clock.advance(SECOND_FACTOR_GUARD.lockMs);
    const signIn = await loginWith(member.user.username, member.password, freshCode(portal, secret));
    expect(signIn.statusCode, signIn.body).toBe(200);
    const after = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[0],
      totpCode: freshCode(portal, secret),
    });
    expect(after.statusCode, after.body).toBe(201);

    // A second burst within the hour locks again but mails nothing more.
    for (let i = 0; i < SECOND_FACTOR_GUARD.maxFailures; i += 1) {
      await portal.app.inject({
        method: 'POST',
        url: '/api/me/2fa/disable',
        headers: bearer(member),
        payload: { code: wrongCode(portal, secret) },
      });
    }
    expect(portal.mails.filter((m) => m.subject === LOCK_MAIL).length - mailsBefore).toBe(1);
    portal.clock.advance(SECOND_FACTOR_GUARD.lockMs);
  });

  it('turning two-factor off: wrong codes lock after the limit, the right code is refused while locked, works after', async () => {
    const { member, secret } = await readyMember();
    const disable = (code: string) =>
      portal.app.inject({ method: 'POST', url: '/api/me/2fa/disable', headers: bearer(member), payload: { code } });
    for (let i = 0; i < SECOND_FACTOR_GUARD.maxFailures; i += 1) {
      const res = await disable(wrongCode(portal, secret));
      expect(res.statusCode, res.body).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'TOTP_INVALID', field: 'code' });
    }
    // A recovery-code guess counts and is refused the same.
    const locked = await disable('abcd-ef01-2345');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('SECOND_FACTOR_LOCKED');
    expect((await disable(freshCode(portal, secret))).statusCode).toBe(429);
    expect(
      (await portal.app.inject({ method: 'GET', url: '/api/me/2fa', headers: bearer(member) })).json().enabled,
    ).toBe(true);
    portal.clock.advance(SECOND_FACTOR_GUARD.lockMs);
    expect((await disable(freshCode(portal, secret))).statusCode).toBe(204);
  });
}

function signInAndGuessTests({ readyMember, loginWith, portal }: SecondFactor) {
  it('sign-in: wrong codes after the right password lock the codes; wrong passwords never do', async () => {
    const { member, secret } = await readyMember();
    // A stranger without the password: many wrong passwords, from many addresses, count nothing here.
    for (let i = 0; i < 8; i += 1)
      await loginWith(member.user.username, `Wrong-Password-${i}`, undefined, `10.9.1.${i}`);
    const guard = await portal.db.query<{ failures: number }>(
      sql`SELECT failures FROM second_factor_guard WHERE user_id = ${member.user.id}`,
    );
    expect(guard.rows[0]?.failures ?? 0).toBe(0);
    portal.clock.advance(15 * 60_000); // the password step's own slowdown over

    for (let i = 0; i < SECOND_FACTOR_GUARD.maxFailures; i += 1) {
      const res = await loginWith(member.user.username, member.password, wrongCode(portal, secret), '10.9.2.1');
      expect(errorOf(res).code).toBe('TOTP_INVALID');
      portal.clock.advance(60_000); // past the sign-in's growing delay, which is not what is tested here
    }
    const locked = await loginWith(member.user.username, member.password, freshCode(portal, secret), '10.9.2.1');
    expect(locked.statusCode, locked.body).toBe(429);
    expect(errorOf(locked).code).toBe('SECOND_FACTOR_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    portal.clock.advance(SECOND_FACTOR_GUARD.lockMs);
    expect(
      (await loginWith(member.user.username, member.password, freshCode(portal, secret), '10.9.2.1')).statusCode,
    ).toBe(200);
  });

  it('many guesses sent at once: no more than the limit are checked', async () => {
    const { member, secret } = await readyMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        requestWithdrawal(portal.app, member, {
          amount: '20',
          address: OUTSIDE[1],
          totpCode: wrongCode(portal, secret),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(SECOND_FACTOR_GUARD.maxFailures);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - SECOND_FACTOR_GUARD.maxFailures);
    portal.clock.advance(SECOND_FACTOR_GUARD.lockMs);
  });

  it('a right code forgets the failures before it', async () => {
    const { member, secret } = await readyMember();
    for (let i = 0; i < SECOND_FACTOR_GUARD.maxFailures - 1; i += 1) {
      await requestWithdrawal(portal.app, member, {
        amount: '20',
        address: OUTSIDE[2],
        totpCode: wrongCode(portal, secret),
      });
    }
    expect(
      (
        await requestWithdrawal(portal.app, member, {
          amount: '20',
          address: OUTSIDE[2],
          totpCode: freshCode(portal, secret),
        })
      ).statusCode,
    ).toBe(201);
    const wrong = await portal.app.inject({
      method: 'POST',
      url: '/api/me/2fa/disable',
      headers: bearer(member),
      payload: { code: wrongCode(portal, secret) },
    });
    expect(wrong.statusCode).toBe(422);
  });
}

function largeApprovalTests({ readyMember, portal, admin }: SecondFactor) {
  it('a large approval asks the admin for a fresh code, checked by the same guard', async () => {
    const { member, secret } = await readyMember();
    await fund(portal.app, admin, member.user.id, 'income', '2000');
    const made = await requestWithdrawal(portal.app, member, {
      amount: '1500',
      address: OUTSIDE[3],
      totpCode: freshCode(portal, secret),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const approve = (payload: Record<string, unknown>) =>
      portal.app.inject({
        method: 'POST',
        url: '/api/admin/withdrawals/approve',
        headers: bearer(admin),
        payload: { ids: [id], ...payload },
      });

    const noCode = await approve({});
    expect(noCode.statusCode).toBe(422);
    expect(errorOf(noCode)).toMatchObject({ code: 'TOTP_REQUIRED', field: 'totpCode' });
    const wrong = await approve({ totpCode: '000000' === adminCode(portal) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).code).toMatch(/^TOTP_(INVALID|REUSED)$/);
    // The right code passes the check (without a chain the payout cannot be queued: 409, and nothing changes).
    const right = await approve({ totpCode: adminCode(portal) });
    expect(errorOf(right).code).toBe('PAYOUTS_NOT_CONFIGURED');
    // Below the threshold no code is asked.
    await setSettings(portal.app, admin, { largeApprovalThreshold: '5000' });
    expect(errorOf(await approve({})).code).toBe('PAYOUTS_NOT_CONFIGURED');
    await setSettings(portal.app, admin, { largeApprovalThreshold: '1000' });
    const audit = await portal.db.query<{ changes: unknown }>(
      sql`SELECT details->'changes' AS changes FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.changes).toEqual({ largeApprovalThreshold: { from: '5000', to: '1000' } });
  });
}

describe('admins who approve money out or change settings need two-factor (docs/decisions/0027)', () => {
  it('refuses them without it while the setting is on (the default), and lets them when it is off', async () => {
    const portal = await startPortal();
    try {
      const admin = await loginAdmin(portal.app);
      const status = await portal.app.inject({ method: 'GET', url: '/api/me/2fa', headers: bearer(admin) });
      // The first sign-in: the web app takes the admin to the set-up; later ones show the notice on the pages concerned.
      expect(status.json()).toMatchObject({ enabled: false, required: true, setupPrompt: true });
      const second = await loginAdmin(portal.app);
      expect(
        (await portal.app.inject({ method: 'GET', url: '/api/me/2fa', headers: bearer(second) })).json(),
      ).toMatchObject({ required: true, setupPrompt: false });
      const calls = [
        { method: 'PATCH' as const, url: '/api/admin/settings', payload: { withdrawalMinimum: '11' } },
        { method: 'POST' as const, url: '/api/admin/withdrawals/approve', payload: { ids: [1] } },
        { method: 'POST' as const, url: '/api/admin/withdrawals/1/approve' },
        { method: 'POST' as const, url: '/api/admin/redemptions/approve', payload: { ids: [1] } },
        { method: 'POST' as const, url: '/api/admin/redemptions/1/approve' },
        { method: 'POST' as const, url: '/api/admin/consolidations' },
      ];
      for (const call of calls) {
        const res = await portal.app.inject({ ...call, headers: bearer(admin) });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(errorOf(res).code).toBe('TWO_FACTOR_REQUIRED');
        expect(errorOf(res).message).toMatch(/Account settings → Security/);
      }
      // Reading stays open; so does rejecting (it sends nothing out).
      expect(
        (await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) })).statusCode,
      ).toBe(200);

      // With two-factor on, the admin turns the rule off (audited), then off again two-factor: now allowed without.
      await enableAdminTwoFactor(portal, admin);
      await setSettings(portal.app, admin, { adminsRequireTwoFactor: false });
      const audit = await portal.db.query<{ changes: unknown }>(
        sql`SELECT details->'changes' AS changes FROM audit_log WHERE action = 'settings.update'`,
      );
      expect(audit.rows.at(-1)!.changes).toEqual({ adminsRequireTwoFactor: { from: true, to: false } });
      const off = await portal.app.inject({
        method: 'POST',
        url: '/api/me/2fa/disable',
        headers: bearer(admin),
        payload: { code: adminCode(portal) },
      });
      expect(off.statusCode, off.body).toBe(204);
      const plain = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: basic('admin', 'Admin-Pass-2026!') },
      });
      expect(plain.statusCode).toBe(200);
      expect(
        (await portal.app.inject({ method: 'GET', url: '/api/me/2fa', headers: bearer(admin) })).json(),
      ).toMatchObject({ enabled: false, required: false, setupPrompt: false });
      await setSettings(portal.app, admin, { withdrawalMinimum: '11' });
      const approve = await portal.app.inject({
        method: 'POST',
        url: '/api/admin/withdrawals/approve',
        headers: bearer(admin),
        payload: { ids: [1] },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(approve.json()).toEqual({ done: [], skipped: [{ id: 1, message: 'There is no withdrawal #1.' }] });
    } finally {
      await portal.close();
    }
  });
});

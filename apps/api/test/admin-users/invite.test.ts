import { describe, expect, it, vi } from 'vitest';
import { basic, bearer, errorOf, login, loginAdmin, usePortal, type Session } from '../harness';
import { sql } from '../../src/platform/db/sql';
import { UNUSABLE_PASSWORD_HASH } from '../../src/auth/passwords';
import { INVITATION_SUBJECT, acceptInvitation, invitationToken } from './invite-helpers';

const HOUR = 3_600_000;

/**
 * Admins never set or learn another account's password
 * (docs/decisions/0056-admins-invite-new-admins.md): a new admin is created
 * without one and mailed a link to set their own; until then the account
 * cannot sign in. The held path (a live portal) is in changes/pending-changes.test.ts.
 */
describe('creating an admin invites them to set their own password', () => {
  const invites = useInvites();
  invitationTests(invites);
  expiredInvitationTests(invites);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useInvites() {
  const { portal, admin } = usePortal();

  const create = (session: Session, payload: object) =>
    portal.app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(session), payload });
  const signIn = (username: string, password: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic(username, password) },
      remoteAddress: '10.0.0.9',
    });
  const newAdmin = (username: string) => ({
    username,
    email: `${username}@example.com`,
    fullName: `Admin ${username}`,
  });
  return { portal, admin, create, signIn, newAdmin };
}
type Invites = ReturnType<typeof useInvites>;

function invitationTests({ portal, create, admin, newAdmin, signIn }: Invites) {
  it('refuses a password in the body: 400 VALIDATION_ERROR, no account, no mail', async () => {
    const mailsBefore = portal.mails.length;
    const res = await create(admin, { ...newAdmin('chosen-pw'), password: 'Admin-Chosen-Secret-42' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    const { rows } = await portal.db.query(sql`SELECT id FROM users WHERE username = 'chosen-pw'`);
    expect(rows).toHaveLength(0);
    expect(portal.mails.length).toBe(mailsBefore);
  });

  it('creates the admin without a password, mails an invitation, and lets them sign in only once they set one', async () => {
    const body = newAdmin('invited-admin');
    const res = await create(admin, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: 'invited-admin', role: 'admin', isMember: false, status: 'active' });
    const id = res.json<{ id: number }>().id;
    const { rows } = await portal.db.query<{ password_hash: string }>(
      sql`SELECT password_hash FROM users WHERE id = ${id}`,
    );
    expect(rows[0]!.password_hash).toBe(UNUSABLE_PASSWORD_HASH);

    // No password signs in yet, not even the stored marker.
    for (const password of ['Invited-Admin-Pass-1', UNUSABLE_PASSWORD_HASH]) {
      const refused = await signIn(body.username, password);
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).code).toBe('INVALID_CREDENTIALS');
    }

    // One mail, an invitation (not a reset), its link good for 72 hours.
    const mails = portal.mails.filter((m) => m.to === body.email);
    expect(mails.map((m) => m.subject)).toEqual([INVITATION_SUBJECT]);
    const token = invitationToken(portal, body.email);
    const words = mails[0]!.text.replace(/\S*password-reset\?invite=1&token=\S+/, '');
    expect(words).toContain('You are invited to be an administrator');
    expect(words).toContain('Your account has no password yet: to set one, open this link within 72 hours');
    expect(words).not.toMatch(/reset/i);
    const expiry = await portal.db.query<{ expires_at: Date }>(
      sql`SELECT expires_at FROM password_reset_tokens WHERE user_id = ${id}`,
    );
    expect(expiry.rows.map((r) => new Date(r.expires_at).getTime())).toEqual([portal.clock.now.getTime() + 72 * HOUR]);

    // The admins read the mail with its link redacted; the audit has no password, hash nor link.
    const outbox = await portal.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(admin) });
    expect(outbox.body).toContain(INVITATION_SUBJECT);
    expect(outbox.body).not.toContain(token);
    const audit = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?action=user.create_admin&targetId=${id}`,
      headers: bearer(admin),
    });
    expect(audit.json()).toMatchObject({ total: 1, items: [{ actor: { username: 'admin' }, targetType: 'user' }] });
    expect(audit.json().items[0].details).toEqual({ username: body.username, email: body.email });

    await acceptInvitation(portal, body.email, 'Invited-Admin-Pass-1');
    const session = await login(portal.app, body.username, 'Invited-Admin-Pass-1');
    expect(session.user).toMatchObject({ id, role: 'admin' });
    // The link is spent.
    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-Admin-Pass-2' },
    });
    expect(errorOf(again)).toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'token' });
  });
}

function expiredInvitationTests({ newAdmin, create, admin, portal, signIn }: Invites) {
  it('keeps the link 72 hours; once it has expired, Forgot password mails the admin a new one', async () => {
    const early = newAdmin('early-admin');
    const late = newAdmin('late-admin');
    expect((await create(admin, early)).statusCode).toBe(201);
    expect((await create(admin, late)).statusCode).toBe(201);

    portal.clock.advance(71 * HOUR);
    await acceptInvitation(portal, early.email, 'Early-Admin-Pass-1');
    await login(portal.app, early.username, 'Early-Admin-Pass-1');

    portal.clock.advance(2 * HOUR);
    const expired = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: invitationToken(portal, late.email), password: 'Late-Admin-Pass-1' },
    });
    expect(errorOf(expired)).toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'token' });
    expect((await signIn(late.username, 'Late-Admin-Pass-1')).statusCode).toBe(401);

    const forgot = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: late.email },
    });
    expect(forgot.statusCode).toBe(202);
    // The forgot-password mail is prepared after the answer.
    const reset = await vi.waitFor(() => {
      const mail = portal.mails.find((m) => m.to === late.email && m.subject === 'Reset your password');
      if (!mail) throw new Error('no reset mail yet');
      return mail;
    });
    const token = decodeURIComponent(/password-reset\?token=(\S+)/.exec(reset.text)![1]!);
    const chosen = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Late-Admin-Pass-1' },
    });
    expect(chosen.statusCode, chosen.body).toBe(204);
    expect((await login(portal.app, late.username, 'Late-Admin-Pass-1')).user.role).toBe('admin');
    // The seeded admin still signs in after the clock moved (its access token has expired by now).
    await loginAdmin(portal.app);
  });
}

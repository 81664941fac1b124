import { describe, expect, it } from 'vitest';
import type { PendingChange, PendingChangesAnswer, Settings } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { applyDueChanges, pendingChangesJob } from '../../src/pending-changes';
import {
  basic,
  bearer,
  enableAdminTwoFactor,
  errorOf,
  lateBound,
  loginAdmin,
  registerMember,
  startPortal,
  useFreshPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { codeAt, enableTwoFactor } from '../two-factor/two-factor-helpers';
import { INVITATION_SUBJECT, acceptInvitation } from '../admin-users/invite-helpers';

const HOUR = 3_600_000;

/**
 * Four eyes and a delay for loosening (docs/decisions/0052-four-eyes-and-a-delay.md):
 * in set-up every change applies at once; once live, a change that loosens a
 * money-out control, or makes an admin, waits for a second admin with
 * two-factor and the delay; tightening applies at once. The clock moves (ctx.now()).
 */
describe('pending changes', () => {
  const pending = usePendingChanges();
  setUpAndOneAdminTests(pending);
  twoAdminsTests(pending);
  heldScreeningAndRoleTests(pending);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function usePendingChanges() {
  const portal = useFreshPortal();
  let admin: Session;
  let second: { username: string; password: string; secret?: string };

  /** The first admin, signed in anew (the clock moves past access tokens' life). */
  const first = async () => {
    admin = await loginAdmin(portal.app);
    return admin;
  };
  /** The second admin, signed in anew with a current code. */
  const other = async (): Promise<Session> => {
    portal.clock.advance(30_000);
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        authorization: basic(second.username, second.password),
        ...(second.secret ? { 'x-totp-code': codeAt(second.secret, portal.clock.now) } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const patch = (session: Session, body: Partial<Settings>) =>
    portal.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: bearer(session), payload: body });
  const settings = async (session: Session): Promise<Settings> => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(session) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const changes = async (session: Session): Promise<PendingChangesAnswer> => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/admin/changes', headers: bearer(session) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const decide = (session: Session, id: number, verb: 'confirm' | 'cancel') =>
    portal.app.inject({
      method: 'POST',
      url: `/api/admin/changes/${id}/${verb}`,
      headers: bearer(session),
      payload: {},
    });
  const mailsAbout = (id: number, what: string) =>
    portal.mails.filter((mail) => mail.subject === `Pending change #${id} ${what}`).map((mail) => mail.to);
  const auditOf = async (action: string) =>
    (
      await portal.db.query<{ actor_id: number | null; details: Record<string, unknown> }>(
        sql`SELECT actor_id, details FROM audit_log WHERE action = ${action} ORDER BY id`,
      )
    ).rows;
  return {
    portal,
    admin: lateBound(() => admin, 'The admin'),
    first,
    other,
    patch,
    settings,
    changes,
    decide,
    mailsAbout,
    auditOf,
    get second() {
      return second;
    },
    set second(value) {
      second = value;
    },
  };
}
type PendingChanges = ReturnType<typeof usePendingChanges>;

function setUpAndOneAdminTests(pending: PendingChanges) {
  const { first, portal, admin, changes, patch, auditOf, mailsAbout, settings, other } = pending;
  it('in set-up applies every change at once, and says so on /api/health once members joined', async () => {
    await first();
    await enableAdminTwoFactor(portal, admin);
    expect((await changes(admin)).launch).toMatchObject({ state: 'setup', membersJoined: false });
    const res = await patch(admin, { withdrawalMaximum: '20000', withdrawalAddressHoldHours: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ withdrawalMaximum: '20000', withdrawalAddressHoldHours: '0' });

    await registerMember(portal.app);
    const health = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().checks.launch).toMatchObject({ state: 'setup' });
    // The admins are told once, by the job.
    await pendingChangesJob(portal.ctx).pass();
    await pendingChangesJob(portal.ctx).pass();
    expect(portal.mails.filter((m) => m.subject === 'Members have joined a portal still in set-up')).toHaveLength(1);
  });

  it('goes live once, audited; going live cannot be undone', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/portal/live',
      headers: bearer(admin),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'live', liveBy: 'admin' });
    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/portal/live',
      headers: bearer(admin),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('PORTAL_LIVE_ALREADY');
    expect(await auditOf('portal.live')).toHaveLength(1);
    const health = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().checks.launch).toBeUndefined();
  });

  it('with one admin, holds a loosening for the delay and applies it unconfirmed', async () => {
    const res = await patch(admin, { withdrawalMaximum: '30000' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().withdrawalMaximum).toBe('20000');
    const [held] = (await changes(admin)).changes.filter((c) => c.status === 'pending');
    expect(held).toMatchObject({ kind: 'settings', needsConfirmation: false, proposedBy: 'admin' });
    expect(held!.settings).toEqual([
      { key: 'withdrawalMaximum', label: 'Withdrawal maximum', from: '20000', to: '30000' },
    ]);
    expect(mailsAbout(held!.id, 'proposed')).toHaveLength(1);

    portal.clock.advance(23 * HOUR);
    expect((await settings(await first())).withdrawalMaximum).toBe('20000');
    portal.clock.advance(1 * HOUR);
    expect((await settings(await first())).withdrawalMaximum).toBe('30000');
    const [applied] = (await auditOf('change.apply')).slice(-1);
    expect(applied!.details).toMatchObject({ unconfirmed: true, proposedBy: 'admin' });
    expect(mailsAbout(held!.id, 'in force')).toHaveLength(1);
  });

  it('holds a new admin (with one admin: the delay, unconfirmed); the invitation is mailed when it takes effect', async () => {
    pending.second = { username: 'second_admin', password: 'Second-Admin-Pass-2026!' };
    const email = 'second@example.com';
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin),
      payload: { username: pending.second.username, email, fullName: 'Second Admin' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'user.create_admin', status: 'pending' });
    const { rows: held } = await portal.db.query<{ payload: Record<string, unknown> }>(
      sql`SELECT payload FROM pending_changes WHERE id = ${res.json<PendingChange>().id}`,
    );
    expect(held[0]!.payload).toEqual({ username: pending.second.username, email, fullName: 'Second Admin' });
    // Proposed, not in force: no account, no invitation.
    expect(portal.mails.filter((m) => m.to === email)).toEqual([]);
    const signIn = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic(pending.second.username, pending.second.password) },
    });
    expect(signIn.statusCode).toBe(401);
    portal.clock.advance(24 * HOUR);
    await changes(await first());
    // In force: the account exists and its owner is invited to set a password, once.
    expect(portal.mails.filter((m) => m.to === email && m.subject === INVITATION_SUBJECT)).toHaveLength(1);
    await acceptInvitation(portal, email, pending.second.password);
    const session = await other();
    expect(session.user.role).toBe('admin');
    pending.second.secret = (await enableTwoFactor(portal, session)).secret;
  });
}

function twoAdminsTests(pending: PendingChanges) {
  const { first, patch, changes, mailsAbout, portal, decide, settings, other, auditOf, admin } = pending;
  it('with two admins, a loosening is in force only once another admin confirmed it and the delay passed', async () => {
    const proposer = await first();
    const res = await patch(proposer, { autoApproveBelow: '50' });
    expect(res.statusCode, res.body).toBe(202);
    const held = (await changes(proposer)).changes.find((c) => c.status === 'pending')!;
    expect(held.needsConfirmation).toBe(true);
    // Both admins are told.
    expect(mailsAbout(held.id, 'proposed')).toHaveLength(2);
    expect(mailsAbout(held.id, 'proposed')).toContain('second@example.com');
    // Through the portal's mailer: without SMTP, the outbox keeps each one.
    const outbox = await portal.db.query<{ to_address: string }>(
      sql`SELECT to_address FROM mail_outbox WHERE subject = ${`Pending change #${held.id} proposed`}`,
    );
    expect(outbox.rows).toHaveLength(2);

    const own = await decide(proposer, held.id, 'confirm');
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('CHANGE_OWN_PROPOSAL');

    // Past the delay but unconfirmed: still not in force, whoever reads.
    portal.clock.advance(25 * HOUR);
    expect((await settings(await first())).autoApproveBelow).toBe('0');
    expect(await applyDueChanges(portal.ctx)).toBe(0);

    const confirmed = await decide(await other(), held.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<PendingChange>()).toMatchObject({ status: 'applied', confirmedBy: pending.second.username });
    expect((await settings(await first())).autoApproveBelow).toBe('50');
    expect(mailsAbout(held.id, 'confirmed')).toHaveLength(2);
    expect(mailsAbout(held.id, 'in force')).toHaveLength(2);
    expect((await auditOf('change.apply')).at(-1)!.details).toMatchObject({
      unconfirmed: false,
      confirmedBy: pending.second.username,
    });
  });

  it('confirmed before the delay ran out, waits for it', async () => {
    const res = await patch(await first(), { secondApprovalThreshold: '8000' });
    expect(res.statusCode).toBe(202);
    const held = (await changes(admin)).changes.find((c) => c.status === 'pending')!;
    expect((await decide(await other(), held.id, 'confirm')).json()).toMatchObject({ status: 'pending' });
    const again = await decide(await other(), held.id, 'confirm');
    expect(errorOf(again).code).toBe('CHANGE_CONFIRMED_ALREADY');
    portal.clock.advance(23 * HOUR);
    expect((await settings(await first())).secondApprovalThreshold).toBe('5000');
    portal.clock.advance(2 * HOUR);
    expect((await settings(await first())).secondApprovalThreshold).toBe('8000');
  });

  it('tightens at once; a mixed change applies its tightening and holds its loosening', async () => {
    const tight = await patch(await first(), { withdrawalMaximum: '15000', withdrawalAddressHoldHours: '48' });
    expect(tight.statusCode, tight.body).toBe(200);
    expect(tight.json()).toMatchObject({ withdrawalMaximum: '15000', withdrawalAddressHoldHours: '48' });
    // 0 turns the maximum off: the loosest there is.
    const mixed = await patch(admin, {
      withdrawalMaximum: '12000',
      withdrawalDailyLimit: '0',
      adminsRequireTwoFactor: false,
    });
    expect(mixed.statusCode, mixed.body).toBe(202);
    expect(mixed.json()).toMatchObject({
      withdrawalMaximum: '12000',
      withdrawalDailyLimit: '10000',
      adminsRequireTwoFactor: true,
    });
    const held = (await changes(admin)).changes.find((c) => c.status === 'pending')!;
    expect(held.settings.map((s) => s.key).sort()).toEqual(['adminsRequireTwoFactor', 'withdrawalDailyLimit']);

    // Cancelled (by either admin): it never takes effect.
    const cancelled = await decide(await other(), held.id, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', endedBy: pending.second.username });
    expect(errorOf(await decide(await other(), held.id, 'confirm')).code).toBe('CHANGE_NOT_PENDING');
    expect(mailsAbout(held.id, 'cancelled')).toHaveLength(2);
    portal.clock.advance(48 * HOUR);
    expect((await settings(await first())).withdrawalDailyLimit).toBe('10000');
  });

  it('holds lowering the delay itself', async () => {
    const res = await patch(await first(), { changeDelayHours: '1' });
    expect(res.statusCode).toBe(202);
    const raise = await patch(admin, { changeDelayHours: '48' });
    expect(raise.statusCode).toBe(200);
    const held = (await changes(admin)).changes.find((c) => c.status === 'pending')!;
    expect((await decide(await other(), held.id, 'cancel')).statusCode).toBe(200);
  });
}

function heldScreeningAndRoleTests({ portal, first, admin, changes, decide, other }: PendingChanges) {
  it('holds taking an address off the screening list', async () => {
    const address = '0x00000000000000000000000000000000000000aa';
    const added = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/screening',
      headers: bearer(await first()),
      payload: { address, reason: 'Sanctioned' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: number }>().id;
    const remove = () =>
      portal.app.inject({
        method: 'POST',
        url: `/api/admin/screening/${id}/remove`,
        headers: bearer(admin),
        payload: { reason: 'Listed by mistake' },
      });
    const held = await remove();
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json()).toMatchObject({ removedAt: null });
    expect(errorOf(await remove()).code).toBe('CHANGE_PENDING_ALREADY');
    const change = (await changes(admin)).changes.find((c) => c.status === 'pending')!;
    expect(change.kind).toBe('screening.remove');
    await decide(await other(), change.id, 'confirm');
    portal.clock.advance(48 * HOUR);
    await changes(await first());
    const { rows } = await portal.db.query<{ removed_by: number }>(
      sql`SELECT removed_by FROM screened_addresses WHERE id = ${id} AND removed_at IS NOT NULL`,
    );
    expect(rows).toEqual([{ removed_by: admin.user.id }]);
  });

  it('holds granting the admin role', async () => {
    const member = await registerMember(portal.app);
    const res = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.user.id}`,
      headers: bearer(await first()),
      payload: { role: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().role).toBe('member');
    const change = (await changes(admin)).changes.find((c) => c.status === 'pending')!;
    expect(change).toMatchObject({ kind: 'user.grant_admin', needsConfirmation: true });
    await decide(await other(), change.id, 'confirm');
    portal.clock.advance(48 * HOUR);
    await changes(await first());
    const { rows } = await portal.db.query<{ role: string }>(sql`SELECT role FROM users WHERE id = ${member.user.id}`);
    expect(rows[0]!.role).toBe('admin');
  });
}

describe('a due change', () => {
  it('takes effect once when several passes race for it', async () => {
    const portal: TestPortal = await startPortal();
    try {
      const admin = await loginAdmin(portal.app);
      await enableAdminTwoFactor(portal, admin);
      await portal.app.inject({ method: 'POST', url: '/api/admin/portal/live', headers: bearer(admin), payload: {} });
      const res = await portal.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: bearer(admin),
        payload: { hotWalletTarget: '5000' },
      });
      expect(res.statusCode).toBe(202);
      portal.clock.advance(25 * HOUR);
      const counts = await Promise.all(Array.from({ length: 6 }, () => applyDueChanges(portal.ctx)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      const { rows } = await portal.db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.update'`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await portal.close();
    }
  });
});

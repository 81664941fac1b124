import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSessions, SupportView } from '@portal/contract';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { balances, booksFingerprint, fund, transfer } from '../ledger/ledger-helpers';
import { invitedAdmin } from './invite-helpers';
import { sql } from '../../src/platform/db/sql';

/** Support sees what a member sees: docs/decisions/0069-support-views-read-only.md. */
const { portal, admin } = usePortal();

let member: Session & { password: string };
let view: SupportView;
const asView = () => ({ authorization: `Bearer ${view.accessToken}` });

const startView = (by: Session, id: number) =>
  portal.app.inject({ method: 'POST', url: `/api/admin/users/${id}/view-as`, headers: bearer(by) });

const get = (url: string, headers: Record<string, string>) => portal.app.inject({ method: 'GET', url, headers });

/** Every row a refused write could have touched, beside the books. */
async function memberFingerprint(userId: number): Promise<string> {
  const { rows } = await portal.db.query(
    sql`SELECT (SELECT row_to_json(u) FROM (SELECT full_name, email, phone, password_hash, status FROM users WHERE id = ${userId}) u) AS profile,
               (SELECT count(*)::int FROM notifications WHERE user_id = ${userId} AND read_at IS NULL) AS unread,
               (SELECT count(*)::int FROM auth_sessions WHERE user_id = ${userId} AND revoked_at IS NULL) AS live_sessions,
               (SELECT count(*)::int FROM security_events WHERE user_id = ${userId}) AS security_events,
               (SELECT count(*)::int FROM withdrawals) AS withdrawals,
               (SELECT count(*)::int FROM purchases) AS purchases,
               (SELECT count(*)::int FROM withdrawal_addresses) AS addresses,
               (SELECT count(*)::int FROM two_factor) AS two_factor`,
  );
  return JSON.stringify(rows[0]);
}

beforeAll(async () => {
  member = await registerMember(portal.app, { username: 'viewed_vera' });
  await fund(portal.app, admin, member.user.id, 'deposit', '100');
  // A notification to leave unread: money from another member.
  const friend = await registerMember(portal.app, { username: 'viewed_friend' });
  await fund(portal.app, admin, friend.user.id, 'deposit', '10');
  expect(
    (await transfer(portal.app, friend, { toUsername: member.user.username, amount: '5' }, 'vf-1')).statusCode,
  ).toBe(201);
  const res = await startView(admin, member.user.id);
  expect(res.statusCode, res.body).toBe(201);
  view = res.json<SupportView>();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a support view', () => {
  it("reads what the member reads, for 30 minutes, as the member's account", async () => {
    expect(view).toMatchObject({ user: { id: member.user.id, role: 'member' }, viewedBy: 'admin' });
    const claims = JSON.parse(Buffer.from(view.accessToken.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(30 * 60);
    expect(await balances(portal.app, { ...member, accessToken: view.accessToken })).toEqual(
      await balances(portal.app, member),
    );
    for (const url of [
      '/api/me',
      '/api/dashboard',
      '/api/wallets/entries',
      '/api/transfers',
      '/api/withdrawals',
      '/api/purchases',
      '/api/notifications',
      '/api/me/sessions',
      '/api/network/referral-link',
    ]) {
      const [seen, own] = [await get(url, asView()), await get(url, bearer(member))];
      expect(seen.statusCode, `${url} ${seen.body}`).toBe(200);
      if (url === '/api/wallets/entries') expect(seen.json()).toEqual(own.json());
    }
  });

  it('writes nothing, whatever the domain: each write answers 403 READ_ONLY_SESSION', async () => {
    const ownSession = (await get('/api/me/sessions', bearer(member))).json<AccountSessions>().inForce[0]!;
    const books = await booksFingerprint(portal.db);
    const before = await memberFingerprint(member.user.id);
    const writes: Array<[method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object]> = [
      ['POST', '/api/transfers', { toUsername: 'viewed_friend', amount: '5' }],
      ['POST', '/api/withdrawals', { amount: '10', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
      ['POST', '/api/purchases', { packageId: 1 }],
      ['POST', '/api/conversions', { amount: '5' }],
      ['PATCH', '/api/me', { fullName: 'Changed by support' }],
      ['POST', '/api/me/password', { currentPassword: member.password, newPassword: 'Another-Horse-Battery-7' }],
      ['POST', '/api/notifications/read', {}],
      ['POST', '/api/me/sessions/end-others'],
      ['DELETE', `/api/me/sessions/${ownSession.id}`],
      ['POST', '/api/withdrawal-addresses', { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
      ['POST', '/api/me/2fa/setup'],
      // A read that writes (an address handed out on first asking), and an admin page.
      ['GET', '/api/deposits/address'],
      ['GET', '/api/admin/members'],
    ];
    for (const [method, url, payload] of writes) {
      const res = await portal.app.inject({
        method,
        url,
        headers: { ...asView(), 'idempotency-key': `view-${url}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'READ_ONLY_SESSION' });
    }
    expect(await booksFingerprint(portal.db)).toBe(books);
    expect(await memberFingerprint(member.user.id)).toBe(before);
    // The same transfer with the member's own sign-in goes through: the view's was refused as a view, not as bad input.
    const own = await transfer(portal.app, member, { toUsername: 'viewed_friend', amount: '5' }, 'own-1');
    expect(own.statusCode, own.body).toBe(201);
  });

  it("is audited, and a line of the member's security log, not one of their sign-ins", async () => {
    const audit = await get(`/api/admin/audit-log?action=member.view_as&targetId=${member.user.id}`, bearer(admin));
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toMatchObject({ total: 1, items: [{ actor: { username: 'admin' }, targetType: 'user' }] });
    const log = (await get('/api/me/sessions', bearer(member))).json<AccountSessions>();
    expect(log.changes.filter((c) => c.kind === 'viewed_by_support')).toMatchObject([{ by: 'admin' }]);
    expect(log.signIns).toHaveLength(1);
  });

  it('takes a two-factor admin, and never shows an admin', async () => {
    const plain = await invitedAdmin(portal, admin, 'support_plain');
    const refused = await startView(plain, member.user.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('TWO_FACTOR_REQUIRED');
    for (const id of [plain.user.id, admin.user.id]) {
      const res = await startView(admin, id);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).code).toBe('CANNOT_VIEW_ADMIN');
    }
    expect((await startView(admin, 999_999)).statusCode).toBe(404);
    // Only one view was ever started.
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM auth_sessions WHERE viewed_by IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('runs out after 30 minutes, and ends when asked (audited); a sign-in of its own is no view', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
    expect(errorOf(await get('/api/me', asView())).code).toBe('TOKEN_INVALID');
    vi.useRealTimers();

    const notAView = await portal.app.inject({
      method: 'POST',
      url: '/api/me/support-view/end',
      headers: bearer(member),
    });
    expect(notAView.statusCode).toBe(422);
    expect(errorOf(notAView).code).toBe('NOT_A_SUPPORT_VIEW');

    const ended = await portal.app.inject({ method: 'POST', url: '/api/me/support-view/end', headers: asView() });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(errorOf(await get('/api/me', asView())).code).toBe('SESSION_ENDED');
    expect((await get('/api/me', bearer(member))).statusCode).toBe(200);
    const audit = await get(`/api/admin/audit-log?action=member.view_as_end&targetId=${member.user.id}`, bearer(admin));
    expect(audit.json()).toMatchObject({ total: 1, items: [{ actor: { username: 'admin' } }] });
  });
});

describe("a support view ends with its admin's sessions", () => {
  it("ends with the admin's own sessions: signing out everywhere else ends the views they opened", async () => {
    const res = await startView(admin, member.user.id);
    expect(res.statusCode, res.body).toBe(201);
    const again = { authorization: `Bearer ${res.json<SupportView>().accessToken}` };
    expect((await get('/api/me', again)).statusCode).toBe(200);
    const ended = await portal.app.inject({
      method: 'POST',
      url: '/api/me/sessions/end-others',
      headers: bearer(admin),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(errorOf(await get('/api/me', again)).code).toBe('SESSION_ENDED');
    // The member's own sign-in goes on.
    expect((await get('/api/me', bearer(member))).statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { basic, bearer, errorOf, login, registerMember, type Session, usePortal } from '../harness';
import { adjust, booksFingerprint, convert, fund, transfer } from '../ledger/ledger-helpers';
import { allMembers } from '../../src/members/queries';
import { allUsers } from '../../src/admin-users/queries';
import { sql } from '../../src/platform/db/sql';
import { acceptInvitation } from '../admin-users/invite-helpers';

const { portal, admin } = usePortal();

const get = (session: Session, url: string) => portal.app.inject({ method: 'GET', url, headers: bearer(session) });
const patch = (session: Session, url: string, payload: object) =>
  portal.app.inject({ method: 'PATCH', url, headers: bearer(session), payload });
const resetSignIn = (session: Session, id: number) =>
  portal.app.inject({ method: 'POST', url: `/api/admin/users/${id}/reset-sign-in`, headers: bearer(session) });

/** Parses the portal's CSV (quoted fields, CRLF lines) into objects by header. */
function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

describe('every admin endpoint is for admins only', () => {
  it.each([
    ['GET', '/api/admin/members'],
    ['GET', '/api/admin/members/1'],
    ['POST', '/api/admin/members/1/adjustments'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users'],
    ['PATCH', '/api/admin/users/1'],
    ['POST', '/api/admin/users/1/reset-sign-in'],
    ['GET', '/api/admin/transactions'],
    ['GET', '/api/admin/settings'],
    ['PATCH', '/api/admin/settings'],
    ['GET', '/api/admin/audit-log'],
  ] as const)('%s %s: 403 for a member, 401 without a session', async (method, url) => {
    const member = await registerMember(portal.app);
    const asMember = await portal.app.inject({
      method,
      url,
      headers: bearer(member),
      payload: method === 'GET' ? undefined : {},
    });
    expect(asMember.statusCode).toBe(403);
    expect((await portal.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('users', () => {
  userListAndCreationTests();
  resetAndRoleTests();
  blockAuditTests();
});

function userListAndCreationTests() {
  it('lists every account with search, filters and sort, and exports CSV', async () => {
    const member = await registerMember(portal.app, { fullName: 'Zelda Findable' });
    const res = await get(admin, '/api/admin/users?search=zelda');
    expect(res.json()).toMatchObject({
      total: 1,
      items: [
        {
          username: member.user.username,
          fullName: 'Zelda Findable',
          role: 'member',
          status: 'active',
          isMember: true,
        },
      ],
    });
    expect(res.json().items[0].lastSignInAt).not.toBeNull();
    const admins = await get(admin, '/api/admin/users?role=admin');
    expect(admins.json().items.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(errorOf(await get(admin, '/api/admin/users?sort=password_hash')).field).toBe('sort');

    const csv = await get(admin, '/api/admin/users?format=csv&search=zelda');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parseCsv(csv.body)).toEqual([
      expect.objectContaining({ username: member.user.username, full_name: 'Zelda Findable', role: 'member' }),
    ]);
  });

  it('two admins created at once under one name: one is created, the other hears USERNAME_TAKEN, never a 500', async () => {
    const body = (username: string, i: number) => ({
      username,
      email: `racer-${i}@example.com`,
      fullName: 'Racing Admin',
    });
    const answers = await Promise.all(
      ['racer-admin', 'RACER-admin', 'Racer-Admin', 'racer-ADMIN'].map((name, i) =>
        portal.app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(admin), payload: body(name, i) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(errorOf(refused)).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
  });

  it('creates an admin who signs in once they set their password by the mailed link; duplicates are refused with their own codes; audited', async () => {
    const body = {
      username: 'second-admin',
      email: 'second-admin@example.com',
      fullName: 'Second Admin',
    };
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: 'second-admin', role: 'admin', isMember: false });
    const password = 'Another-Admin-Pass-1';
    await acceptInvitation(portal, body.email, password);
    const session = await login(portal.app, 'second-admin', password);
    expect(session.user.role).toBe('admin');

    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin),
      payload: { ...body, email: 'other@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
    const sameEmail = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin),
      payload: { ...body, username: 'third-admin' },
    });
    expect(errorOf(sameEmail)).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    const weak = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin),
      payload: { ...body, username: 'x', email: 'x@example.com' },
    });
    expect(weak.statusCode).toBe(400);

    const audit = await get(admin, '/api/admin/audit-log?action=user.create_admin');
    expect(audit.json().items[0]).toMatchObject({
      actor: { username: 'admin' },
      targetType: 'user',
      targetId: String(res.json().id),
      details: { username: 'second-admin' },
    });
    expect(JSON.stringify(audit.json())).not.toContain(password);
  });
}

function resetAndRoleTests() {
  it('resets a sign-in: the sessions end, the member gets a reset link by mail and chooses the password, audited', async () => {
    const member = await registerMember(portal.app);
    const email = `${member.user.username}@example.com`;
    const res = await resetSignIn(admin, member.user.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await get(member, '/api/wallets')).statusCode).toBe(401);
    // The old password still signs in until the member chooses a new one: the admin never set one.
    await login(portal.app, member.user.username, member.password);

    const mail = portal.mails.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Your sign-in was reset');
    const token = decodeURIComponent(/password-reset\?token=(\S+)/.exec(mail.text)![1]!);
    const chosen = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Chosen-By-Member-42' },
    });
    expect(chosen.statusCode, chosen.body).toBe(204);
    await login(portal.app, member.user.username, 'Chosen-By-Member-42');

    const audit = await get(admin, `/api/admin/audit-log?action=user.sign_in_reset&targetId=${member.user.id}`);
    expect(audit.json()).toMatchObject({ total: 1, items: [{ actor: { username: 'admin' }, targetType: 'user' }] });
    expect(JSON.stringify(audit.json())).not.toContain(token);
    // What admins read of the outbox has no live link either.
    expect((await get(admin, '/api/admin/outbox')).body).not.toContain(token);
  });

  it('never sets a password: PATCH with a password is refused and changes nothing', async () => {
    const member = await registerMember(portal.app);
    const res = await patch(admin, `/api/admin/users/${member.user.id}`, { password: 'Admin-Chosen-Secret-42' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect((await get(member, '/api/wallets')).statusCode).toBe(200);
    await login(portal.app, member.user.username, member.password);
    await expect(login(portal.app, member.user.username, 'Admin-Chosen-Secret-42')).rejects.toThrow();
  });

  it('refuses to reset its own sign-in, the company root, a blocked account, and an unknown one', async () => {
    expect(errorOf(await resetSignIn(admin, admin.user.id)).code).toBe('CANNOT_CHANGE_SELF');
    const root = (await get(admin, '/api/admin/users?search=company'))
      .json()
      .items.find((u: { username: string }) => u.username === 'company');
    const rootRes = await resetSignIn(admin, root.id);
    expect(rootRes.statusCode).toBe(422);
    expect(errorOf(rootRes).code).toBe('ROOT_ACCOUNT');
    const blocked = await registerMember(portal.app);
    await patch(admin, `/api/admin/users/${blocked.user.id}`, { status: 'blocked' });
    const mails = portal.mails.length;
    const blockedRes = await resetSignIn(admin, blocked.user.id);
    expect(blockedRes.statusCode).toBe(422);
    expect(errorOf(blockedRes).code).toBe('USER_BLOCKED');
    expect(portal.mails.length).toBe(mails);
    expect((await resetSignIn(admin, 999999)).statusCode).toBe(404);
  });

  it('changes a role; refuses to change or block oneself and to block the company root', async () => {
    const member = await registerMember(portal.app);
    const promoted = await patch(admin, `/api/admin/users/${member.user.id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin', isMember: true });
    const session = await login(portal.app, member.user.username, member.password);
    expect((await get(session, '/api/admin/settings')).statusCode).toBe(200);
    await patch(admin, `/api/admin/users/${member.user.id}`, { role: 'member' });
    expect((await get(session, '/api/admin/settings')).statusCode).toBe(403);

    const self = await patch(admin, `/api/admin/users/${admin.user.id}`, { status: 'blocked' });
    expect(self.statusCode).toBe(422);
    expect(errorOf(self).code).toBe('CANNOT_CHANGE_SELF');
    expect(errorOf(await patch(admin, `/api/admin/users/${admin.user.id}`, { role: 'member' })).code).toBe(
      'CANNOT_CHANGE_SELF',
    );
    const root = (await get(admin, '/api/admin/users?search=company'))
      .json()
      .items.find((u: { username: string }) => u.username === 'company');
    // The list says which account is the root, so the page offers no action the server refuses.
    expect(root).toMatchObject({ isMember: true, isCompanyRoot: true });
    expect((await get(admin, `/api/admin/users/${member.user.id}`)).json().isCompanyRoot).toBe(false);
    expect(errorOf(await patch(admin, `/api/admin/users/${root.id}`, { status: 'blocked' })).code).toBe('ROOT_ACCOUNT');
    expect(errorOf(await patch(admin, `/api/admin/users/${root.id}`, { role: 'admin' })).code).toBe('ROOT_ACCOUNT');
    const second = (await get(admin, '/api/admin/users?role=admin&search=second-admin')).json().items[0];
    if (second)
      expect(errorOf(await patch(admin, `/api/admin/users/${second.id}`, { role: 'member' })).code).toBe(
        'NOT_A_MEMBER',
      );
    expect((await patch(admin, '/api/admin/users/999999', { status: 'blocked' })).statusCode).toBe(404);
    expect((await patch(admin, `/api/admin/users/${member.user.id}`, {})).statusCode).toBe(400);
    expect((await patch(admin, `/api/admin/users/${member.user.id}`, { status: 'frozen' })).statusCode).toBe(400);
    expect((await patch(admin, '/api/admin/users/abc', { status: 'blocked' })).statusCode).toBe(400);
  });
}

function blockAuditTests() {
  it('block and unblock are audited', async () => {
    const member = await registerMember(portal.app);
    await patch(admin, `/api/admin/users/${member.user.id}`, { status: 'blocked' });
    await patch(admin, `/api/admin/users/${member.user.id}`, { status: 'active' });
    const audit = await get(admin, `/api/admin/audit-log?targetType=user&targetId=${member.user.id}&sort=createdAt`);
    expect(audit.json().items.map((e: { action: string }) => e.action)).toEqual(['user.block', 'user.unblock']);
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: basic(member.user.username, member.password) },
    });
    expect(login.statusCode).toBe(200);
  });
}

describe('members', () => {
  it('lists members with sponsor and balances, searchable, sortable by balance, with CSV', async () => {
    const sponsor = await registerMember(portal.app, { fullName: 'Sponsor Person' });
    const rich = await registerMember(portal.app, { sponsor: sponsor.user.username, fullName: 'Rich Downline' });
    const poor = await registerMember(portal.app, { sponsor: sponsor.user.username, fullName: 'Poor Downline' });
    await fund(portal.app, admin, rich.user.id, 'deposit', '1000.123456789012345678');
    await fund(portal.app, admin, poor.user.id, 'income', '0.01');

    const list = await get(admin, `/api/admin/members?sponsor=${sponsor.user.username}&sort=-deposit`);
    expect(list.json().total).toBe(2);
    expect(list.json().items[0]).toMatchObject({
      username: rich.user.username,
      fullName: 'Rich Downline',
      sponsor: { username: sponsor.user.username },
      balances: { deposit: '1000.123456789012345678', income: '0.00', points: '0.00' },
      status: 'active',
    });
    expect(list.json().items[1].username).toBe(poor.user.username);
    expect((await get(admin, '/api/admin/members?search=Rich%20Down')).json().total).toBe(1);
    expect((await get(admin, '/api/admin/members?search=100%25')).json().total).toBe(0);

    const csv = parseCsv(
      (await get(admin, `/api/admin/members?sponsor=${sponsor.user.username}&format=csv&sort=username`)).body,
    );
    const richRow = csv.find((r) => r.username === rich.user.username)!;
    expect(richRow).toMatchObject({
      sponsor: sponsor.user.username,
      deposit_usdt: '1000.123456789012345678',
      income_usdt: '0.00',
      status: 'active',
    });
  });

  it('exports members and users from the last row read, in join order both ways, ties to the microsecond included', async () => {
    const sponsor = await registerMember(portal.app);
    const ids = [sponsor.user.id];
    for (let i = 0; i < 4; i += 1)
      ids.push((await registerMember(portal.app, { sponsor: sponsor.user.username })).user.id);
    // Two share one instant, another differs from them below the millisecond only.
    await portal.db.query(
      sql`UPDATE members SET joined_at = '2026-03-01 10:00:00.123456+00' WHERE user_id = ANY(${ids.slice(1, 3)}::bigint[])`,
    );
    await portal.db.query(
      sql`UPDATE members SET joined_at = '2026-03-01 10:00:00.123789+00' WHERE user_id = ${ids[3]}`,
    );
    await portal.db.query(
      sql`UPDATE users SET created_at = '2026-03-01 10:00:00.123456+00' WHERE id = ANY(${ids.slice(1, 4)}::bigint[])`,
    );
    for (const sort of ['-joinedAt', 'joinedAt'] as const) {
      const page = (await get(admin, `/api/admin/members?pageSize=100&sort=${sort}`))
        .json()
        .items.map((m: { id: number }) => m.id);
      const walked: number[] = [];
      for await (const row of allMembers(portal.db, { sort }, 1)) walked.push(Number(row.id));
      expect(walked, sort).toEqual(page);
      expect(page).toEqual(expect.arrayContaining(ids));
    }
    for (const sort of ['-createdAt', 'createdAt'] as const) {
      const page = (await get(admin, `/api/admin/users?pageSize=100&sort=${sort}`))
        .json()
        .items.map((u: { id: number }) => u.id);
      const walked: number[] = [];
      for await (const row of allUsers(portal.db, { sort }, 1)) walked.push(row.id);
      expect(walked, sort).toEqual(page);
      expect(page).toEqual(expect.arrayContaining(ids));
    }
  });

  it('shows one member with wallets; 404 for a stranger', async () => {
    const member = await registerMember(portal.app);
    await registerMember(portal.app, { sponsor: member.user.username });
    await fund(portal.app, admin, member.user.id, 'points', '3');
    const res = await get(admin, `/api/admin/members/${member.user.id}`);
    expect(res.json()).toMatchObject({
      username: member.user.username,
      directReferrals: 1,
      balances: { points: '3.00' },
    });
    expect(res.json().wallets.map((w: { balance: string }) => w.balance)).toEqual(['0.00', '0.00', '3.00']);
    const missing = await get(admin, '/api/admin/members/999999');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('MEMBER_NOT_FOUND');
    // An admin without a membership is not a member.
    expect((await get(admin, `/api/admin/members/${admin.user.id}`)).statusCode).toBe(404);
  });
});

describe('transactions', () => {
  it('lists every entry with its postings, filters by type, member, wallet and date, and the CSV agrees to the last decimal', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '50.000000000000000007');
    await fund(portal.app, admin, alice.user.id, 'income', '20');
    expect((await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '12.5' })).statusCode).toBe(201);
    expect((await convert(portal.app, alice, { amount: '10.25' })).statusCode).toBe(201);

    const all = await get(admin, `/api/admin/transactions?member=${alice.user.username}`);
    expect(all.json().total).toBe(4);
    expect(all.json().items.map((e: { type: string }) => e.type)).toEqual([
      'conversion',
      'transfer',
      'adjustment',
      'adjustment',
    ]);
    const conversion = all.json().items[0];
    expect(conversion.actor).toEqual({ id: alice.user.id, username: alice.user.username });
    expect(
      conversion.postings.map((p: { account: string; amount: string; balanceAfter: string | null }) => [
        p.account,
        p.amount,
        p.balanceAfter,
      ]),
    ).toEqual([
      [`${alice.user.username} / income wallet`, '-10.25', '9.75'],
      ['Point sales', '10.25', null],
      [`${alice.user.username} / point wallet`, '10.25', '10.25'],
      ['Points issued', '-10.25', null],
    ]);

    expect((await get(admin, `/api/admin/transactions?member=${alice.user.username}&type=transfer`)).json().total).toBe(
      1,
    );
    expect((await get(admin, `/api/admin/transactions?member=${alice.user.username}&wallet=income`)).json().total).toBe(
      2,
    );
    expect((await get(admin, `/api/admin/transactions?member=${bob.user.username}`)).json().total).toBe(1);
    expect((await get(admin, '/api/admin/transactions?member=nobody-at-all')).json().total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await get(admin, `/api/admin/transactions?member=${alice.user.username}&from=${today}&to=${today}`)).json()
        .total,
    ).toBe(4);
    expect((await get(admin, `/api/admin/transactions?member=${alice.user.username}&to=2020-01-01`)).json().total).toBe(
      0,
    );
    expect(errorOf(await get(admin, '/api/admin/transactions?type=bribe')).field).toBe('type');
    expect(errorOf(await get(admin, '/api/admin/transactions?from=yesterday')).field).toBe('from');

    const csv = await get(admin, `/api/admin/transactions?member=${alice.user.username}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body);
    // Two adjustments, a transfer without fee (no zero posting), a conversion.
    expect(rows).toHaveLength(2 + 2 + 2 + 4);
    const onJson = all
      .json()
      .items.flatMap(
        (e: { id: number; postings: Array<{ id: number; amount: string; balanceAfter: string | null }> }) =>
          e.postings.map((p) => [String(e.id), String(p.id), p.amount, p.balanceAfter ?? '']),
      );
    expect(rows.map((r) => [r.entry_id, r.posting_id, r.amount, r.balance_after])).toEqual(onJson);
    expect(rows.find((r) => r.type === 'adjustment' && r.wallet === 'deposit')!.amount).toBe('50.000000000000000007');
    // Every entry in the export sums to zero per unit.
    const sums = new Map<string, bigint>();
    for (const r of rows) {
      const [whole, fraction = ''] = r.amount!.replace('-', '').split('.');
      const units = BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
      const key = `${r.entry_id}:${r.unit}`;
      sums.set(key, (sums.get(key) ?? 0n) + (r.amount!.startsWith('-') ? -units : units));
    }
    expect([...sums.values()].every((s) => s === 0n)).toBe(true);
  });

  it('pages the list on the server', async () => {
    const member = await registerMember(portal.app);
    for (let i = 0; i < 5; i += 1) await fund(portal.app, admin, member.user.id, 'deposit', '1');
    const page = await get(admin, `/api/admin/transactions?member=${member.user.username}&pageSize=2&page=3&sort=id`);
    expect(page.json()).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(page.json().items).toHaveLength(1);
  });
});

describe('settings', () => {
  it('reads the defaults, changes them with an audit record of before and after', async () => {
    const res = await get(admin, '/api/admin/settings');
    expect(res.json()).toMatchObject({
      transferMinimum: '1',
      transferFeePercent: '0',
      conversionRate: '1',
      conversionMinimum: '10',
    });
    const changed = await patch(admin, '/api/admin/settings', { transferMinimum: '5', conversionMinimum: '10' });
    expect(changed.json()).toMatchObject({ transferMinimum: '5', conversionMinimum: '10' });
    const audit = await get(admin, '/api/admin/audit-log?action=settings.update');
    expect(audit.json().items[0].details).toEqual({ changes: { transferMinimum: { from: '1', to: '5' } } });

    const member = await registerMember(portal.app);
    const other = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '10');
    const below = await transfer(portal.app, member, { toUsername: other.user.username, amount: '4.99' });
    expect(errorOf(below)).toMatchObject({ code: 'BELOW_MINIMUM', message: 'The minimum transfer is 5.00 USDT.' });
    expect((await get(member, '/api/transfers/terms')).json()).toEqual({ minimum: '5.00', feePercent: '0' });
    await patch(admin, '/api/admin/settings', { transferMinimum: '1' });
  });

  it.each([
    [{ transferFeePercent: '50.0001' }, 'transferFeePercent'],
    [{ transferFeePercent: '-1' }, 'transferFeePercent'],
    [{ transferFeePercent: '1.00001' }, 'transferFeePercent'],
    [{ conversionRate: '0' }, 'conversionRate'],
    [{ conversionRate: '1e3' }, 'conversionRate'],
    [{ conversionMinimum: 10 }, 'conversionMinimum'],
    [{ transferMinimum: '0' }, 'transferMinimum'],
    [{ referralLevels: '3' }, undefined],
    [{}, undefined],
  ])('refuses %j with a 400 and changes nothing', async (body, field) => {
    const before = await get(admin, '/api/admin/settings');
    const res = await patch(admin, '/api/admin/settings', body);
    expect(res.statusCode).toBe(400);
    if (field) expect(errorOf(res).field).toBe(field);
    expect((await get(admin, '/api/admin/settings')).json()).toEqual(before.json());
  });
});

describe('audit log', () => {
  it('filters by actor and date, pages, and exports CSV', async () => {
    const member = await registerMember(portal.app);
    await adjust(portal.app, admin, member.user.id, { wallet: 'deposit', amount: '2', reason: 'Audit, with "quotes"' });
    const mine = await get(admin, `/api/admin/audit-log?actor=ADMIN&targetId=${member.user.id}`);
    expect(mine.json().total).toBe(1);
    expect(mine.json().items[0]).toMatchObject({ action: 'member.adjust', ip: expect.any(String) });
    expect((await get(admin, '/api/admin/audit-log?actor=nobody')).json().total).toBe(0);
    const csv = parseCsv((await get(admin, `/api/admin/audit-log?format=csv&targetId=${member.user.id}`)).body);
    expect(csv).toHaveLength(1);
    expect(JSON.parse(csv[0]!.details!)).toMatchObject({ reason: 'Audit, with "quotes"', amount: '2.00' });
  });

  it('records nothing for a refused action', async () => {
    const member = await registerMember(portal.app);
    const before = await booksFingerprint(portal.db);
    const res = await adjust(portal.app, admin, member.user.id, {
      wallet: 'deposit',
      amount: '2',
      direction: 'debit',
      reason: 'Cannot',
    });
    expect(res.statusCode).toBe(422);
    expect(await booksFingerprint(portal.db)).toBe(before);
  });
});

describe('CSV cells', () => {
  it('neutralises text a spreadsheet would run as a formula', async () => {
    const member = await registerMember(portal.app, { fullName: '=HYPERLINK("http://evil")' });
    const csv = (await get(admin, `/api/admin/members?format=csv&search=${member.user.username}`)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('OpenAPI', () => {
  it('documents the ledger routes', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/wallets',
      '/api/wallets/{wallet}/entries',
      '/api/transfers',
      '/api/conversions',
      '/api/admin/members/{id}/adjustments',
      '/api/admin/transactions',
      '/api/admin/users/{id}',
      '/api/admin/settings',
      '/api/admin/audit-log',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bearer, registerMember, ROOT, type Session, usePortal } from '../harness';
import { adjust, fund } from '../ledger/ledger-helpers';
import { membersQuerySchema, usersQuerySchema } from '@portal/contract';

/** The `sort` values a list's query accepts (each field, both ways). */
const sortsOf = (schema: typeof membersQuerySchema | typeof usersQuerySchema): readonly string[] =>
  schema.shape.sort.unwrap().options;

/** The admin lists, the adjustment's two texts, the audit log's subject, the member counts. */
const { portal, admin } = usePortal();

const get = (session: Session, url: string) => portal.app.inject({ method: 'GET', url, headers: bearer(session) });
const usernames = (res: { json(): { items: Array<{ username: string }> } }) =>
  res.json().items.map((item) => item.username);
/** The `username` column of a CSV answer, in order (usernames have no commas or quotes). */
const csvUsernames = (body: string) => {
  const [header, ...lines] = body.trim().split('\r\n');
  const column = header!.split(',').indexOf('username');
  return lines.map((line) => line.split(',')[column]);
};

describe('admin search puts the exact username first', () => {
  it('on Members and Users, case-insensitively, whatever the sort, and the CSV follows', async () => {
    const tag = `ann${Date.now().toString(36).slice(-4)}`;
    // Three accounts whose name or username contain the tag; one is exactly it.
    const older = await registerMember(portal.app, { username: `${tag}x1`, fullName: 'First Similar' });
    const exact = await registerMember(portal.app, { username: tag, fullName: 'Zed Exact' });
    const newer = await registerMember(portal.app, { username: `${tag}x2`, fullName: 'Another Similar' });
    await fund(portal.app, admin, older.user.id, 'deposit', '50');
    await fund(portal.app, admin, newer.user.id, 'deposit', '20');
    const search = tag.toUpperCase();

    for (const sort of ['-joinedAt', 'joinedAt', 'fullName', '-deposit', 'email']) {
      const list = await get(admin, `/api/admin/members?search=${search}&sort=${sort}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().total).toBe(3);
      expect(usernames(list)[0], sort).toBe(exact.user.username);
    }
    // After the exact match, the chosen order: by deposit, highest first.
    expect(usernames(await get(admin, `/api/admin/members?search=${search}&sort=-deposit`))).toEqual([
      tag,
      `${tag}x1`,
      `${tag}x2`,
    ]);
    expect(usernames(await get(admin, `/api/admin/members?search=${search}&sort=deposit`))).toEqual([
      tag,
      `${tag}x2`,
      `${tag}x1`,
    ]);
    // Without an exact match, just the sort.
    expect(usernames(await get(admin, `/api/admin/members?search=${tag}x&sort=username`))).toEqual([
      `${tag}x1`,
      `${tag}x2`,
    ]);

    for (const sort of ['-createdAt', 'createdAt', 'email', '-lastSignInAt']) {
      expect(usernames(await get(admin, `/api/admin/users?search=${search}&sort=${sort}`))[0], sort).toBe(
        exact.user.username,
      );
    }

    const members = await get(admin, `/api/admin/members?search=${search}&sort=deposit&format=csv`);
    expect(csvUsernames(members.body)).toEqual([tag, `${tag}x2`, `${tag}x1`]);
    const users = await get(admin, `/api/admin/users?search=${search}&sort=-createdAt&format=csv`);
    expect(csvUsernames(users.body)).toEqual([tag, `${tag}x2`, `${tag}x1`]);
  });
});

describe('every column of Members and Users sorts on the server', () => {
  it('in both directions, with the CSV in the same order as the pages', async () => {
    const sponsor = await registerMember(portal.app, {
      username: `zz${Date.now().toString(36).slice(-5)}`,
      fullName: 'Sort Sponsor',
    });
    for (let i = 0; i < 3; i += 1) await registerMember(portal.app, { sponsor: sponsor.user.username });
    const blocked = await registerMember(portal.app);
    const patch = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${blocked.user.id}`,
      headers: bearer(admin),
      payload: { status: 'blocked' },
    });
    expect(patch.statusCode, patch.body).toBe(200);

    // Every order the contract offers, each way (packages/contract/src/admin.ts).
    expect(sortsOf(membersQuerySchema)).toEqual(expect.arrayContaining(['referrals', '-referrals', '-status']));
    for (const sort of sortsOf(membersQuerySchema)) {
      const page = await get(admin, `/api/admin/members?pageSize=100&sort=${sort}`);
      expect(page.statusCode, `${sort}: ${page.body}`).toBe(200);
      const csv = await get(admin, `/api/admin/members?sort=${sort}&format=csv`);
      expect(csvUsernames(csv.body), sort).toEqual(usernames(page));
    }
    const byReferrals = (await get(admin, '/api/admin/members?pageSize=100&sort=-referrals')).json().items as Array<{
      team: { directReferrals: number };
    }>;
    expect(byReferrals.map((m) => m.team.directReferrals)).toEqual(
      [...byReferrals.map((m) => m.team.directReferrals)].sort((a, b) => b - a),
    );
    const byStatus = (await get(admin, '/api/admin/members?pageSize=100&sort=-status')).json().items as Array<{
      status: string;
    }>;
    expect(byStatus[0]!.status).toBe('blocked');

    expect(sortsOf(usersQuerySchema)).toEqual(expect.arrayContaining(['member', '-lastSignInAt']));
    for (const sort of sortsOf(usersQuerySchema)) {
      const page = await get(admin, `/api/admin/users?pageSize=100&sort=${sort}`);
      expect(page.statusCode, `${sort}: ${page.body}`).toBe(200);
      const csv = await get(admin, `/api/admin/users?sort=${sort}&format=csv`);
      expect(csvUsernames(csv.body), sort).toEqual(usernames(page));
    }
    // The admin is the one account without a membership: first when sorting non-members first.
    expect(usernames(await get(admin, '/api/admin/users?pageSize=100&sort=member'))[0]).toBe('admin');
  });
});

describe('an adjustment keeps the member memo and the admin note apart', () => {
  const NOTE = 'Internal: duplicate bonus of ticket 4711, approved by finance';

  it('the member reads only the memo, anywhere; the admin gets both; the audit log keeps both', async () => {
    const member = await registerMember(portal.app);
    const res = await adjust(portal.app, admin, member.user.id, {
      wallet: 'deposit',
      amount: '7',
      reason: NOTE,
      memo: 'Welcome credit',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reason: NOTE, memo: 'Welcome credit', amount: '7.00' });
    const quiet = await adjust(portal.app, admin, member.user.id, {
      wallet: 'income',
      amount: '1',
      reason: `${NOTE} (no memo)`,
    });
    expect(quiet.json()).toMatchObject({ memo: 'Balance adjustment' });

    const history = await get(member, '/api/wallets/entries');
    expect(
      history
        .json()
        .items.map((e: { description: string }) => e.description)
        .sort(),
    ).toEqual(['Credit by the company: Balance adjustment', 'Credit by the company: Welcome credit']);

    // Every GET a member may call (the OpenAPI document lists them), none of which may carry the note.
    const document = portal.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const memberGets = Object.entries(document.paths)
      .filter(
        ([path, item]) =>
          'get' in item &&
          !path.startsWith('/api/admin/') &&
          !path.startsWith('/api/auth/') &&
          !path.includes('{') &&
          // A stream of events, not an answer (notifications/stream.ts): it carries ids only.
          !path.endsWith('/stream'),
      )
      .map(([path]) => path);
    memberGets.push('/api/wallets/deposit/entries', '/api/wallets/income/entries');
    expect(memberGets).toEqual(expect.arrayContaining(['/api/wallets/entries', '/api/transfers/terms']));
    expect(memberGets.length).toBeGreaterThan(20);
    for (const path of memberGets) {
      const answer = await get(member, path);
      expect(answer.body, path).not.toContain('ticket 4711');
    }

    const audit = await get(
      admin,
      `/api/admin/audit-log?action=member.adjust&targetId=${member.user.id}&sort=createdAt`,
    );
    expect(audit.json().items.map((e: { details: object }) => e.details)).toEqual([
      expect.objectContaining({ reason: NOTE, memo: 'Welcome credit' }),
      expect.objectContaining({ reason: `${NOTE} (no memo)`, memo: 'Balance adjustment' }),
    ]);
  });

  it('refuses a memo that is too long, naming it', async () => {
    const member = await registerMember(portal.app);
    const res = await adjust(portal.app, admin, member.user.id, {
      wallet: 'deposit',
      amount: '1',
      reason: 'Because',
      memo: 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'memo' });
  });
});

describe('the audit log names to whom', () => {
  it('resolves the member or user an action was done to', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'deposit', '1');
    await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.user.id}`,
      headers: bearer(admin),
      payload: { status: 'blocked' },
    });
    const log = await get(admin, `/api/admin/audit-log?targetId=${member.user.id}&sort=createdAt`);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        action: 'member.adjust',
        actor: { id: admin.user.id, username: 'admin' },
        subject: { id: member.user.id, username: member.user.username, isMember: true },
      }),
      expect.objectContaining({
        action: 'user.block',
        subject: { id: member.user.id, username: member.user.username, isMember: true },
      }),
    ]);
    const settings = await portal.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { withdrawalOnePending: false },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const changed = await get(admin, '/api/admin/audit-log?action=settings.update');
    expect(changed.json().items[0]).toMatchObject({
      subject: null,
      details: { changes: { withdrawalOnePending: { from: true, to: false } } },
    });
  });
});

describe('the member counts agree', () => {
  it('the dashboard counts the members without the company root; the Members list has the root as its one extra row', async () => {
    await registerMember(portal.app);
    const dashboard = (await get(admin, '/api/admin/dashboard')).json();
    const list = (await get(admin, '/api/admin/members')).json();
    expect(list.total).toBe(dashboard.members + 1);
    const root = await get(admin, `/api/admin/members?search=${ROOT}`);
    expect(root.json().items[0]).toMatchObject({ username: ROOT, sponsor: null });
  });
});

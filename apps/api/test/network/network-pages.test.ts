import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rollUpNetwork } from '../../src/network/rollup';
import { LOOKUPS_PER_REGISTRATION } from '../../src/network/sponsor-lookup';
import { errorOf, registerMember, ROOT, startPortal, type TestPortal, usePortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { mustBuy, packageIds } from '../plan/plan-helpers';
import { getNetwork, place } from './network-helpers';
import { sql } from '../../src/platform/db/sql';

/** Who invited a visitor, free positions to place into, a downline ordered by a column. */

const { portal, admin } = usePortal();

type Member = Awaited<ReturnType<typeof registerMember>>;
const unique = (prefix: string) => `${prefix}_${randomBytes(3).toString('hex')}`;
const join = (sponsor: Member | string, side?: 'left' | 'right', username?: string, fullName?: string) =>
  registerMember(portal.app, {
    sponsor: typeof sponsor === 'string' ? sponsor : sponsor.user.username,
    side,
    username,
    fullName,
  });
const lookUp = (app: TestPortal['app'], username: string, ip = '10.1.0.1') =>
  app.inject({
    method: 'GET',
    url: `/api/network/sponsor?username=${encodeURIComponent(username)}`,
    remoteAddress: ip,
  });

describe('GET /api/network/sponsor (the register page)', () => {
  it('names the sponsor of a referral link, without a sign-in, and nothing more', async () => {
    const s = await join(ROOT, 'left', unique('Sponsor'), 'Sam Sponsor');
    const res = await lookUp(portal.app, s.user.username.toLowerCase());
    expect(res.statusCode).toBe(200);
    // The same spelling rules as sign-in: any case finds the member, answered as it is written.
    expect(res.json()).toEqual({
      sponsor: { username: s.user.username, fullName: 'Sam Sponsor', acceptsMembers: true },
    });
  });

  it('answers null for a username that is no member (an admin account, nobody at all)', async () => {
    expect((await lookUp(portal.app, 'admin')).json()).toEqual({ sponsor: null });
    expect((await lookUp(portal.app, unique('nobody'))).json()).toEqual({ sponsor: null });
  });

  it('says when the sponsor cannot take new members', async () => {
    const s = await join(ROOT, 'right');
    await portal.db.query(sql`UPDATE users SET status = 'blocked' WHERE id = ${s.user.id}`);
    expect((await lookUp(portal.app, s.user.username)).json()).toMatchObject({ sponsor: { acceptsMembers: false } });
  });

  it('refuses an empty username as a field error', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/network/sponsor?username=' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('username');
  });

  it('is rate-limited per address', async () => {
    const limited = await startPortal({ REGISTRATIONS_PER_HOUR: '1' });
    try {
      for (let i = 0; i < LOOKUPS_PER_REGISTRATION; i += 1)
        expect((await lookUp(limited.app, ROOT, '10.9.9.9')).statusCode).toBe(200);
      const refused = await lookUp(limited.app, ROOT, '10.9.9.9');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('SPONSOR_LOOKUPS_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not slowed by it.
      expect((await lookUp(limited.app, ROOT, '10.9.9.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/network/free-slots', () => {
  it('offers the free positions of the sponsor’s team, nearest first, with a search and a limit', async () => {
    const s = await join(ROOT, 'left');
    const l1 = await join(s, 'left', unique('fs_l1'));
    const l2 = await join(s, 'left', unique('fs_l2')); // l1.left
    const waiting = await join(s);
    const res = await getNetwork(portal.app, s, 'free-slots', { member: waiting.user.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sponsorId: s.user.id, sponsor: s.user.username, more: false, searchTruncated: false });
    expect(
      body.items.map((x: { parentUsername: string; side: string; level: number }) => [
        x.parentUsername,
        x.side,
        x.level,
      ]),
    ).toEqual([
      [s.user.username, 'right', 1],
      [l1.user.username, 'right', 2],
      [l2.user.username, 'left', 3],
      [l2.user.username, 'right', 3],
    ]);

    const searched = (
      await getNetwork(portal.app, s, 'free-slots', { member: waiting.user.id, search: l2.user.username.toUpperCase() })
    ).json();
    expect(searched.items.map((x: { parentId: number; side: string }) => [x.parentId, x.side])).toEqual([
      [l2.user.id, 'left'],
      [l2.user.id, 'right'],
    ]);
    const limited = (await getNetwork(portal.app, s, 'free-slots', { member: waiting.user.id, limit: 2 })).json();
    expect(limited.items).toHaveLength(2);
    expect(limited.more).toBe(true);

    // An offered position is one the placement takes.
    const taken = await place(portal.app, s, { memberId: waiting.user.id, parentId: l1.user.id, side: 'right' });
    expect(taken.statusCode).toBe(201);
  });

  it('answers only the sponsor (or an admin), and only for someone still waiting', async () => {
    const s = await join(ROOT, 'right');
    const other = await join(ROOT, 'right');
    const waiting = await join(s);
    const foreign = await getNetwork(portal.app, other, 'free-slots', { member: waiting.user.id });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('REFERRAL_NOT_FOUND');
    const asAdmin = await getNetwork(portal.app, admin, 'free-slots', { member: waiting.user.id });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().items[0]).toMatchObject({ parentId: s.user.id, level: 1 });
    await place(portal.app, s, { memberId: waiting.user.id, auto: 'left' });
    const placed = await getNetwork(portal.app, s, 'free-slots', { member: waiting.user.id });
    expect(placed.statusCode).toBe(409);
    expect(errorOf(placed).code).toBe('ALREADY_PLACED');
  });

  it('explains that an unplaced sponsor cannot place anyone yet', async () => {
    const unplaced = await join(ROOT);
    const waiting = await join(unplaced);
    const res = await getNetwork(portal.app, unplaced, 'free-slots', { member: waiting.user.id });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('SPONSOR_NOT_PLACED');
  });
});

describe('GET /api/network/placements?search=', () => {
  it('counts and lists only the waiting members whose username starts with the search', async () => {
    const s = await join(ROOT, 'left');
    const wa = await join(s, undefined, unique('wl_a'));
    await join(s, undefined, unique('wl_b'));
    await join(s, 'left', unique('wl_placed'));
    const all = (await getNetwork(portal.app, s, 'placements')).json();
    expect(all.total).toBe(2);
    const found = (await getNetwork(portal.app, s, 'placements', { search: 'WL_A' })).json();
    expect(found).toMatchObject({ total: 1, items: [{ id: wa.user.id, username: wa.user.username }] });
    expect((await getNetwork(portal.app, s, 'placements', { search: 'wl_placed' })).json().total).toBe(0);
  });
});

describe('GET /api/network/downline?sort=', () => {
  it('orders by username, join date or volume, either way, and shows each row’s leg volumes', async () => {
    const s = await join(ROOT, 'left');
    const b = await join(s, 'left', unique('srt_b'));
    const a = await join(s, 'right', unique('srt_a'));
    const c = await join(s, 'left', unique('srt_c'));
    await fund(portal.app, admin, c.user.id, 'deposit', '1000');
    await mustBuy(portal.app, c, (await packageIds(portal.app, c)).Silver!);
    await rollUpNetwork(portal.db);
    const names = async (sort?: string) =>
      (await getNetwork(portal.app, s, 'downline', { sort })).json().items.map((r: { username: string }) => r.username);

    expect(await names()).toEqual([c, b, a].map((m) => m.user.username)); // tree order
    expect(await names('username')).toEqual([a, b, c].map((m) => m.user.username));
    expect(await names('-username')).toEqual([c, b, a].map((m) => m.user.username));
    expect(await names('joined')).toEqual([b, a, c].map((m) => m.user.username));
    expect(await names('-joined')).toEqual([c, a, b].map((m) => m.user.username));
    // b carries c's 500 BV on its left leg; a and c carry none.
    expect((await names('-volume'))[0]).toBe(b.user.username);
    const rows = (await getNetwork(portal.app, s, 'downline', { sort: 'username' })).json().items;
    expect(rows.find((r: { id: number }) => r.id === b.user.id)).toMatchObject({ leftVolume: '500', rightVolume: '0' });

    const page2 = (await getNetwork(portal.app, s, 'downline', { sort: 'username', pageSize: 2, page: 2 })).json();
    expect(page2.items.map((r: { username: string }) => r.username)).toEqual([c.user.username]);
    expect(page2.nextAfter).toBeNull();
  });

  it('refuses a sort it does not know, and a cursor with a column order', async () => {
    const s = await join(ROOT, 'left');
    const bad = await getNetwork(portal.app, s, 'downline', { sort: 'email' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('sort');
    const mixed = await getNetwork(portal.app, s, 'downline', { sort: 'joined', after: s.user.id });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed).field).toBe('after');
  });
});

import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../src/platform/db/advisory-locks';
import { rollUpNetwork } from '../../src/network/rollup';
import { bearer, errorOf, registerMember, ROOT, usePortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { mustBuy, packageIds } from '../plan/plan-helpers';
import { childName, getNetwork, place, placementTree, recountTeams, storedTeams } from './network-helpers';
import { sql } from '../../src/platform/db/sql';

/** Real concurrency exists on a PostgreSQL server only (PGlite runs one transaction at a time). */
const onServer = Boolean(process.env.DATABASE_URL);

const { portal, admin } = usePortal();

type Member = Awaited<ReturnType<typeof registerMember>>;
const join = (sponsor?: Member | string, side?: 'left' | 'right', username?: string) =>
  registerMember(portal.app, {
    sponsor: typeof sponsor === 'string' ? sponsor : sponsor?.user.username,
    side,
    username,
  });
const unique = (prefix: string) => `${prefix}_${randomBytes(3).toString('hex')}`;
const idOf = (m: Member) => m.user.id;
const nameOf = (m: Member) => m.user.username;

describe('GET /api/network/referral-link', () => {
  it('gives the plain, left and right links on the public URL and counts sign-ups by side', async () => {
    const a = await join(ROOT, 'left');
    await join(a, 'left');
    await join(a, 'left');
    await join(a, 'right');
    await join(a);
    const res = await getNetwork(portal.app, a, 'referral-link');
    expect(res.statusCode).toBe(200);
    const plain = `http://portal.test/register?ref=${nameOf(a)}`;
    expect(res.json()).toEqual({
      username: nameOf(a),
      links: { plain, left: `${plain}&side=left`, right: `${plain}&side=right` },
      signups: { total: 4, left: 2, right: 1, noSide: 1, waiting: 1 },
    });
  });

  it('is for members: an admin without a membership gets 403', async () => {
    const res = await getNetwork(portal.app, admin, 'referral-link');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOT_A_MEMBER');
  });

  it('needs a sign-in', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/network/referral-link' });
    expect(res.statusCode).toBe(401);
  });
});

describe('spillover at registration', () => {
  it('places left-link sign-ups down the outer left leg of the sponsor, right-link ones down the outer right', async () => {
    const a = await join(ROOT, 'right');
    const l1 = await join(a, 'left');
    const r1 = await join(a, 'right');
    const l2 = await join(a, 'left');
    const l3 = await join(a, 'left');
    const r2 = await join(a, 'right');
    const tree = await placementTree(portal.app, a);
    expect(childName(tree, idOf(a), 'left')).toBe(nameOf(l1));
    expect(childName(tree, idOf(l1), 'left')).toBe(nameOf(l2));
    expect(childName(tree, idOf(l2), 'left')).toBe(nameOf(l3));
    expect(childName(tree, idOf(a), 'right')).toBe(nameOf(r1));
    expect(childName(tree, idOf(r1), 'right')).toBe(nameOf(r2));
    expect(tree.root).toMatchObject({ id: idOf(a), leftCount: 3, rightCount: 2, level: 0 });
  });

  it("goes to the outermost position of the sponsor's subtree, whoever filled the leg", async () => {
    const a = await join(ROOT, 'left');
    const x = await join(a, 'left'); // a.left
    const y = await join(x, 'left'); // x.left, sponsored by x
    const z = await join(a, 'left'); // below y, the outermost left of a's subtree
    const w = await join(x, 'right'); // x.right
    const tree = await placementTree(portal.app, a);
    expect(childName(tree, idOf(a), 'left')).toBe(nameOf(x));
    expect(childName(tree, idOf(x), 'left')).toBe(nameOf(y));
    expect(childName(tree, idOf(y), 'left')).toBe(nameOf(z));
    expect(childName(tree, idOf(x), 'right')).toBe(nameOf(w));
    // a's own right leg is still empty: a right-link sign-up of a goes right under a.
    const v = await join(a, 'right');
    expect(childName(await placementTree(portal.app, a), idOf(a), 'right')).toBe(nameOf(v));
  });

  it('leaves a sign-up without a side, or under a sponsor not placed yet, waiting', async () => {
    const w = await join(); // no side: waits
    const v = await join(w, 'left'); // w is not placed: v waits too, its wish kept
    const list = await getNetwork(portal.app, w, 'placements');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      viewerPlaced: false,
      items: [{ id: idOf(v), requestedSide: 'left', sponsor: nameOf(w), sponsorPlaced: false }],
    });
    const res = await place(portal.app, w, { memberId: idOf(v), auto: 'left' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('SPONSOR_NOT_PLACED');
    expect((await getNetwork(portal.app, w, 'placement-tree')).statusCode).toBe(404);
  });
});

describe('POST /api/network/placements', () => {
  let s: Member;
  let c1: Member;
  let w1: Member;
  let w2: Member;
  let w3: Member;
  let other: Member;
  beforeAll(async () => {
    s = await join(ROOT, 'left');
    c1 = await join(s, 'left');
    w1 = await join(s);
    w2 = await join(s);
    w3 = await join(s);
    other = await join(ROOT, 'right');
  });

  it("lists the sponsor's waiting referrals", async () => {
    const res = await getNetwork(portal.app, s, 'placements');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.viewerPlaced).toBe(true);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([idOf(w1), idOf(w2), idOf(w3)]);
    expect(body.items[0]).toMatchObject({
      username: nameOf(w1),
      requestedSide: null,
      sponsorId: idOf(s),
      sponsorPlaced: true,
    });
  });

  it('places a waiting referral into a chosen free slot inside the sponsor subtree', async () => {
    const res = await place(portal.app, s, { memberId: idOf(w1), parentId: idOf(c1), side: 'right' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      memberId: idOf(w1),
      username: nameOf(w1),
      parentId: idOf(c1),
      parentUsername: nameOf(c1),
      side: 'right',
    });
    const tree = await placementTree(portal.app, s);
    expect(childName(tree, idOf(c1), 'right')).toBe(nameOf(w1));
    expect(tree.root).toMatchObject({ leftCount: 2, rightCount: 0 });
    const waiting = (await getNetwork(portal.app, s, 'placements')).json();
    expect(waiting.items.map((i: { id: number }) => i.id)).toEqual([idOf(w2), idOf(w3)]);
  });

  it('refuses a taken slot with 409 and says who holds it', async () => {
    const res = await place(portal.app, s, { memberId: idOf(w2), parentId: idOf(s), side: 'left' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'SLOT_TAKEN', field: 'side' });
    expect(errorOf(res).message).toContain(nameOf(c1));
  });

  it('refuses a slot outside the sponsor subtree exactly like an unknown one (404)', async () => {
    const outside = await place(portal.app, s, { memberId: idOf(w2), parentId: idOf(other), side: 'left' });
    const unknown = await place(portal.app, s, { memberId: idOf(w2), parentId: 987_654_321, side: 'left' });
    for (const res of [outside, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'PARENT_NOT_FOUND', field: 'parentId' });
    }
    expect(outside.json()).toEqual(unknown.json());
  });

  it('auto-places on a leg by spillover', async () => {
    const res = await place(portal.app, s, { memberId: idOf(w2), auto: 'right' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ parentId: idOf(s), side: 'right' });
  });

  it('places a member once', async () => {
    const res = await place(portal.app, s, { memberId: idOf(w1), auto: 'left' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('ALREADY_PLACED');
  });

  it('lets only the sponsor (or an admin) place: anyone else gets 404', async () => {
    for (const who of [other, c1]) {
      const res = await place(portal.app, who, { memberId: idOf(w3), auto: 'left' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('REFERRAL_NOT_FOUND');
    }
    // An admin also places inside the sponsor's subtree only.
    const outside = await place(portal.app, admin, { memberId: idOf(w3), parentId: idOf(other), side: 'left' });
    expect(outside.statusCode).toBe(404);
    const res = await place(portal.app, admin, { memberId: idOf(w3), parentId: idOf(c1), side: 'left' });
    expect(res.statusCode, res.body).toBe(201);
    expect(childName(await placementTree(portal.app, s), idOf(c1), 'left')).toBe(nameOf(w3));
  });

  it('answers 400 naming the problem for bad bodies', async () => {
    const bodies = [
      {},
      { memberId: 'x', auto: 'left' },
      { memberId: idOf(w3), side: 'left' },
      { memberId: idOf(w3), parentId: idOf(s), side: 'middle' },
      { memberId: idOf(w3), auto: 'up' },
      { memberId: idOf(w3), parentId: idOf(s), side: 'left', auto: 'left' },
      { memberId: -1, auto: 'left' },
      { memberId: 1.5, auto: 'left' },
      [],
    ];
    for (const body of bodies) {
      const res = await place(portal.app, s, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('a member sees only its own downline, whatever id it sends', () => {
  let top: Member;
  let mid: Member;
  let low: Member;
  let outsider: Member;
  let waiting: Member;
  beforeAll(async () => {
    top = await join(ROOT, 'left', unique('acc_top'));
    mid = await join(top, 'left', unique('acc_mid'));
    low = await join(mid, 'right', unique('acc_low'));
    outsider = await join(ROOT, 'right', unique('acc_out'));
    waiting = await join(top, undefined, unique('acc_wait'));
  });

  const notFoundIds = () => [idOf(top), idOf(outsider), idOf(waiting), 987_654_321];

  it.each(['placement-tree', 'sponsor-tree', 'downline'])(
    '%s: 404 for an upline, a stranger, an unplaced member and an unknown id alike',
    async (what) => {
      const answers = await Promise.all(notFoundIds().map((root) => getNetwork(portal.app, mid, what, { root })));
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual(answers[0]!.json());
      }
      expect(errorOf(answers[0]!).code).toBe('NOT_IN_NETWORK');
      const own = await getNetwork(portal.app, mid, what, { root: idOf(low) });
      expect(own.statusCode, own.body).toBe(200);
    },
  );

  it('downline: a cursor outside the list is refused like any other id', async () => {
    const res = await getNetwork(portal.app, mid, 'downline', { after: idOf(outsider) });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_IN_NETWORK');
  });

  it('searches never reveal members outside', async () => {
    const sponsor = (await getNetwork(portal.app, mid, 'sponsor-tree', { search: 'acc_' })).json();
    expect(sponsor.matches.map((m: { username: string }) => m.username)).toEqual([nameOf(low)]);
    const table = (await getNetwork(portal.app, mid, 'downline', { search: 'acc_' })).json();
    expect(table.items.map((m: { username: string }) => m.username)).toEqual([nameOf(low)]);
  });

  it('shows "up" only inside the own downline', async () => {
    expect((await placementTree(portal.app, mid)).upId).toBeNull();
    expect((await placementTree(portal.app, mid, idOf(low))).upId).toBe(idOf(mid));
    const sponsor = (await getNetwork(portal.app, mid, 'sponsor-tree', { root: idOf(low) })).json();
    expect(sponsor.upId).toBe(idOf(mid));
    expect((await getNetwork(portal.app, mid, 'sponsor-tree')).json().upId).toBeNull();
  });

  it('answers 400 for ids and depths that are not ids and depths', async () => {
    for (const [what, query] of [
      ['placement-tree', { root: 'abc' }],
      ['placement-tree', { root: 0 }],
      ['placement-tree', { depth: 9 }],
      ['sponsor-tree', { root: -4 }],
      ['sponsor-tree', { depth: 3 }],
      ['sponsor-tree', { search: "x' OR 1=1" }],
      ['downline', { level: 0 }],
      ['downline', { leg: 'middle' }],
      ['downline', { pageSize: 500 }],
      ['downline', { after: 'z' }],
    ] as const) {
      const res = await getNetwork(portal.app, mid, what, query);
      expect(res.statusCode, `${what} ${JSON.stringify(query)}`).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it('an admin sees every tree from any member; an unknown id is still 404', async () => {
    for (const what of ['placement-tree', 'sponsor-tree', 'downline']) {
      for (const root of [idOf(outsider), idOf(top), idOf(low)]) {
        const res = await getNetwork(portal.app, admin, what, { root });
        expect(res.statusCode, `${what} ${root} ${res.body}`).toBe(200);
      }
      expect((await getNetwork(portal.app, admin, what, { root: 987_654_321 })).statusCode).toBe(404);
    }
    const top0 = await placementTree(portal.app, admin);
    expect(top0.root).toMatchObject({ username: ROOT, level: 0, parentId: null });
  });

  it('an unplaced member has a sponsor tree but no binary tree yet', async () => {
    expect((await getNetwork(portal.app, waiting, 'placement-tree')).statusCode).toBe(404);
    expect(errorOf(await getNetwork(portal.app, waiting, 'placement-tree')).code).toBe('NOT_PLACED');
    expect((await getNetwork(portal.app, waiting, 'downline')).json()).toMatchObject({
      items: [],
      total: 0,
      placed: false,
    });
    expect((await getNetwork(portal.app, waiting, 'sponsor-tree')).json().root).toMatchObject({
      id: idOf(waiting),
      placed: false,
    });
  });
});

describe('GET /api/network/sponsor-tree', () => {
  it('lists children in join order, lazily and a page at a time', async () => {
    const s = await join(ROOT, 'left');
    const kids: Member[] = [];
    for (let i = 0; i < 5; i += 1) kids.push(await join(s, i % 2 ? 'right' : undefined));
    const grandkid = await join(kids[0]);

    const first = (await getNetwork(portal.app, s, 'sponsor-tree', { limit: 2 })).json();
    expect(first.root).toMatchObject({ id: idOf(s), level: 0, directCount: 5, moreAfter: idOf(kids[1]!) });
    expect(first.nodes.map((n: { id: number }) => n.id)).toEqual([idOf(kids[0]!), idOf(kids[1]!)]);
    expect(first.nodes[0]).toMatchObject({ parentId: idOf(s), level: 1, directCount: 1, placed: false, package: null });

    const next = (await getNetwork(portal.app, s, 'sponsor-tree', { limit: 2, after: first.root.moreAfter })).json();
    expect(next.nodes.map((n: { id: number }) => n.id)).toEqual([idOf(kids[2]!), idOf(kids[3]!)]);
    const last = (await getNetwork(portal.app, s, 'sponsor-tree', { limit: 2, after: next.root.moreAfter })).json();
    expect(last.nodes.map((n: { id: number }) => n.id)).toEqual([idOf(kids[4]!)]);
    expect(last.root.moreAfter).toBeNull();

    const deep = (await getNetwork(portal.app, s, 'sponsor-tree', { depth: 2 })).json();
    expect(deep.nodes).toHaveLength(6);
    expect(deep.nodes.find((n: { id: number }) => n.id === idOf(grandkid))).toMatchObject({
      parentId: idOf(kids[0]!),
      level: 2,
    });

    const expanded = (await getNetwork(portal.app, s, 'sponsor-tree', { root: idOf(kids[0]!) })).json();
    expect(expanded.root).toMatchObject({ id: idOf(kids[0]!), level: 1 });
    expect(expanded.nodes.map((n: { id: number }) => n.id)).toEqual([idOf(grandkid)]);
  });

  it('finds usernames by prefix at any depth of the own sponsor tree', async () => {
    const s = await join(ROOT, 'right');
    const a = await join(s, 'left', unique('findme_a'));
    const b = await join(a, undefined, unique('findme_b'));
    await join(ROOT, 'right', unique('findme_c')); // not below s
    const res = (await getNetwork(portal.app, s, 'sponsor-tree', { search: 'FINDME' })).json();
    expect(res.matches).toEqual([
      { id: idOf(a), username: nameOf(a), fullName: `Member ${nameOf(a)}`, level: 1 },
      { id: idOf(b), username: nameOf(b), fullName: `Member ${nameOf(b)}`, level: 2 },
    ]);
    expect(res.searchTruncated).toBe(false);
  });
});

describe('GET /api/network/downline', () => {
  let d: Member;
  let rows: Array<{ id: number; level: number; username: string; leg: string; sponsor: string }>;
  const names: Record<string, Member> = {};
  beforeAll(async () => {
    d = await join(ROOT, 'right');
    names.l1 = await join(d, 'left', unique('dl_l1'));
    names.l2 = await join(d, 'left', unique('dl_l2'));
    names.r1 = await join(d, 'right', unique('dl_r1'));
    names.x = await join(names.l1, 'right', unique('dl_x')); // l1.right, sponsored by l1
    names.w = await join(d, undefined, unique('dl_w'));
    const res = await place(portal.app, d, { memberId: idOf(names.w), parentId: idOf(names.r1), side: 'left' });
    expect(res.statusCode).toBe(201);
    rows = (await getNetwork(portal.app, d, 'downline')).json().items;
  });

  it('lists the whole downline in tree order (left leg, then right leg) with level, leg and sponsor', async () => {
    // In order: l2 (l1.left), l1, x (l1.right) | w (r1.left), r1
    expect(rows.map((r) => r.username)).toEqual(['l2', 'l1', 'x', 'w', 'r1'].map((k) => nameOf(names[k]!)));
    expect(rows.map((r) => r.level)).toEqual([2, 1, 2, 2, 1]);
    expect(rows.map((r) => r.leg)).toEqual(['left', 'left', 'left', 'right', 'right']);
    expect(rows.map((r) => r.sponsor)).toEqual([nameOf(d), nameOf(d), nameOf(names.l1!), nameOf(d), nameOf(d)]);
    const body = (await getNetwork(portal.app, d, 'downline')).json();
    expect(body).toMatchObject({ total: 5, totalExact: true, page: 1, pageSize: 20, placed: true, nextAfter: null });
    expect(body.items[0]).toMatchObject({
      fullName: `Member ${nameOf(names.l2!)}`,
      package: null,
      leftCount: 0,
      rightCount: 0,
    });
    expect(body.items[1]).toMatchObject({ leftCount: 1, rightCount: 1 });
  });

  it('filters by level and by leg, with exact totals', async () => {
    const level2 = (await getNetwork(portal.app, d, 'downline', { level: 2 })).json();
    expect(level2.items.map((r: { username: string }) => r.username)).toEqual(
      ['l2', 'x', 'w'].map((k) => nameOf(names[k]!)),
    );
    expect(level2).toMatchObject({ total: 3, totalExact: true });
    const right = (await getNetwork(portal.app, d, 'downline', { leg: 'right' })).json();
    expect(right.items.map((r: { username: string }) => r.username)).toEqual(['w', 'r1'].map((k) => nameOf(names[k]!)));
    expect(right.total).toBe(2);
    const leftLevel1 = (await getNetwork(portal.app, d, 'downline', { leg: 'left', level: 1 })).json();
    expect(leftLevel1.items.map((r: { username: string }) => r.username)).toEqual([nameOf(names.l1!)]);
    expect((await getNetwork(portal.app, d, 'downline', { level: 7 })).json()).toMatchObject({ items: [], total: 0 });
  });

  it('searches usernames by prefix, case-insensitively', async () => {
    const res = (await getNetwork(portal.app, d, 'downline', { search: 'DL_L' })).json();
    expect(res.items.map((r: { username: string }) => r.username)).toEqual([nameOf(names.l2!), nameOf(names.l1!)]);
    expect(res).toMatchObject({ total: 2, totalExact: true, searchTruncated: false });
    // `_` is a character here, not a LIKE wildcard: "d_" does not find "dl_…".
    expect((await getNetwork(portal.app, d, 'downline', { search: 'd_' })).json().total).toBe(0);
  });

  it('pages by number and by cursor', async () => {
    const page2 = (await getNetwork(portal.app, d, 'downline', { pageSize: 2, page: 2 })).json();
    expect(page2.items.map((r: { id: number }) => r.id)).toEqual([rows[2]!.id, rows[3]!.id]);
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2, nextAfter: rows[3]!.id });
    const next = (await getNetwork(portal.app, d, 'downline', { pageSize: 2, after: page2.nextAfter })).json();
    expect(next.items.map((r: { id: number }) => r.id)).toEqual([rows[4]!.id]);
    expect(next.nextAfter).toBeNull();
  });

  it('refuses pages beyond the first 10,000 rows with a way forward', async () => {
    const res = await getNetwork(portal.app, d, 'downline', { page: 600, pageSize: 20 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'PAGE_TOO_DEEP', field: 'page' });
  });

  it('shows a deeper member its own part, levels counted from there', async () => {
    const res = (await getNetwork(portal.app, names.l1!, 'downline')).json();
    expect(res.items.map((r: { username: string; level: number }) => [r.username, r.level])).toEqual([
      [nameOf(names.l2!), 1],
      [nameOf(names.x!), 1],
    ]);
  });
});

describe('team counts', () => {
  /**
   * On PostgreSQL the test holds the roll-up's lock while it builds the
   * network, so the background job cannot run and every count read comes
   * from the stored columns plus the pending events; then the roll-up runs.
   * (PGlite runs one transaction at a time, so there it just builds.)
   */
  const withRollUpHeld = (work: () => Promise<void>) =>
    onServer
      ? portal.db.transaction(async (tx) => {
          await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.networkRollup})`);
          await work();
        })
      : work();

  it('equal a recount from scratch after random registrations and placements, before and after the roll-up', async () => {
    let seed = 20_260_401;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const placedCounts = async () => {
      const expected = await recountTeams(portal.db);
      for (const [id, counts] of expected) {
        const tree = await placementTree(portal.app, admin, id, 1);
        expect({ id, left: tree.root.leftCount, right: tree.root.rightCount }).toEqual({ id, ...counts });
      }
      return expected;
    };

    await withRollUpHeld(async () => {
      const top = await join(ROOT, 'left');
      const members: Member[] = [top];
      for (let i = 0; i < 40; i += 1) {
        const sponsor = members[Math.floor(random() * members.length)]!;
        const roll = random();
        members.push(await join(sponsor, roll < 0.4 ? 'left' : roll < 0.8 ? 'right' : undefined));
        if (random() < 0.3) {
          // A sponsor places a waiting referral by spillover on a leg.
          const waiting = (await getNetwork(portal.app, admin, 'placements', { pageSize: 100 })).json().items as Array<{
            id: number;
            sponsorId: number;
          }>;
          const candidate = waiting.find((w) => members.some((m) => idOf(m) === w.sponsorId));
          if (candidate) {
            const sponsor = members.find((m) => idOf(m) === candidate.sponsorId)!;
            const res = await place(portal.app, sponsor, {
              memberId: candidate.id,
              auto: random() < 0.5 ? 'left' : 'right',
            });
            expect([201, 422]).toContain(res.statusCode); // 422: the sponsor itself still waits
          }
        }
      }
      if (onServer) {
        const pending = await portal.db.query(sql`SELECT 1 FROM network_events WHERE rolled_up_at IS NULL`);
        expect(pending.rows.length).toBeGreaterThan(20);
      }
      await placedCounts();
    });

    await rollUpNetwork(portal.db, { batchSize: 7 });
    const expected = await placedCounts();
    expect(await storedTeams(portal.db)).toEqual(expected);
    const pending = await portal.db.query(sql`SELECT 1 FROM network_events WHERE rolled_up_at IS NULL`);
    expect(pending.rows).toHaveLength(0);
  });
});

describe('the admin Members list', () => {
  it("shows each member's sponsor, direct referrals and left/right team, in the list and the CSV", async () => {
    const s = await join(ROOT, 'right', unique('team_s'));
    await join(s, 'left');
    await join(s, 'left');
    await join(s, 'right');
    const waiting = await join(s);
    const list = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members?sponsor=${nameOf(s)}&sort=username`,
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((m: { id: number }) => m.id === idOf(waiting))).toMatchObject({
      sponsor: { id: idOf(s), username: nameOf(s) },
      team: { directReferrals: 0, placed: false, left: 0, right: 0 },
    });
    const one = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members?search=${nameOf(s)}`,
      headers: bearer(admin),
    });
    expect(one.json().items[0]).toMatchObject({
      id: idOf(s),
      team: { directReferrals: 4, placed: true, left: 2, right: 1 },
    });
    const csv = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members?search=${nameOf(s)}&format=csv`,
      headers: bearer(admin),
    });
    const [header, row] = csv.body
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('direct_referrals'), cell('placed'), cell('team_left'), cell('team_right')]).toEqual([
      '4',
      'yes',
      '2',
      '1',
    ]);
  });
});

describe('packages and leg volumes in the network views', () => {
  it('show what members bought: package names on every view, BV on the legs above them', async () => {
    const s = await join(ROOT, 'left');
    const buyer = await join(s, 'right');
    await fund(portal.app, admin, idOf(buyer), 'deposit', '1000');
    const packages = await packageIds(portal.app, buyer);
    await mustBuy(portal.app, buyer, packages.Silver!);

    const tree = await placementTree(portal.app, s, undefined, 1);
    expect(tree.root).toMatchObject({ package: null, leftVolume: '0', rightVolume: '500' });
    expect(tree.nodes.find((n) => n.id === idOf(buyer))).toMatchObject({ package: 'Silver' });
    const row = (await getNetwork(portal.app, s, 'downline')).json().items[0];
    expect(row).toMatchObject({ username: nameOf(buyer), package: 'Silver' });
    const sponsor = (await getNetwork(portal.app, s, 'sponsor-tree')).json();
    expect(sponsor.nodes[0]).toMatchObject({ id: idOf(buyer), package: 'Silver' });
    await rollUpNetwork(portal.db);
    expect((await placementTree(portal.app, s, undefined, 1)).root).toMatchObject({
      leftVolume: '0',
      rightVolume: '500',
    });
  });
});

describe('the sponsor-tree step code', () => {
  it('is prefix-free and keeps rank order, so a key prefix means an ancestor', async () => {
    const { rows } = await portal.db.query<{ n: number; code: string }>(
      sql`SELECT n, network_sponsor_code(n)::text AS code FROM generate_series(1, 600) AS n`,
    );
    const codes = rows.map((r) => r.code);
    expect(codes.slice(0, 5)).toEqual(['0', '100', '101', '11000', '11001']);
    const prefixPairs = codes.flatMap((a, i) => codes.filter((b, j) => i !== j && b.startsWith(a)).map((b) => [a, b]));
    expect(prefixPairs).toEqual([]);
    const outOfOrder = codes.filter((code, i) => i > 0 && !(codes[i - 1]! < code));
    expect(outOfOrder).toEqual([]);
  });
});

describe.skipIf(!onServer)('races on PostgreSQL', () => {
  it('10 placements racing for one slot: exactly one wins, the others get 409', async () => {
    const s = await join(ROOT, 'left');
    const waiting: Member[] = [];
    for (let i = 0; i < 10; i += 1) waiting.push(await join(s));
    const answers = await Promise.all(
      waiting.map((w) => place(portal.app, s, { memberId: idOf(w), parentId: idOf(s), side: 'right' })),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 201)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(errorOf(lost).code).toBe('SLOT_TAKEN');
    }
    const tree = await placementTree(portal.app, s, undefined, 1);
    expect(tree.nodes.find((n) => n.side === 'right')?.id).toBe(won[0]!.json().memberId);
    expect((await getNetwork(portal.app, s, 'placements')).json().total).toBe(9);
  });

  it('one member placed twice at once is placed once', async () => {
    const s = await join(ROOT, 'right');
    const w = await join(s);
    const answers = await Promise.all([
      place(portal.app, s, { memberId: idOf(w), auto: 'left' }),
      place(portal.app, s, { memberId: idOf(w), auto: 'right' }),
      place(portal.app, s, { memberId: idOf(w), parentId: idOf(s), side: 'left' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const { rows } = await portal.db.query(sql`SELECT 1 FROM network_nodes WHERE member_id = ${idOf(w)}`);
    expect(rows).toHaveLength(1);
  });

  it('sign-ups of two sponsors spilling into the same outer leg at once: each takes the next free position', async () => {
    const a = await join(ROOT, 'right');
    const b = await join(a, 'left'); // a's left child: the outermost left of a and of b is one position
    const joined = await Promise.all(Array.from({ length: 12 }, (_, i) => join(i % 2 ? a : b, 'left')));
    const { rows } = await portal.db.query<{ parent_id: number; side: string }>(
      sql`SELECT parent_id, side FROM network_nodes WHERE member_id = ANY(${joined.map(idOf)}::bigint[])`,
    );
    expect(rows.every((r) => r.side === 'left')).toBe(true);
    expect(new Set(rows.map((r) => r.parent_id)).size).toBe(12);
    expect(rows.map((r) => r.parent_id)).toContain(idOf(b));
    expect((await placementTree(portal.app, a, undefined, 1)).root).toMatchObject({ leftCount: 13, rightCount: 0 });
  });

  it('12 sign-ups on one leg at once all join, one below the other', async () => {
    const s = await join(ROOT, 'left');
    const joined = await Promise.all(Array.from({ length: 12 }, () => join(s, 'right')));
    const { rows } = await portal.db.query<{ member_id: number; parent_id: number; side: string }>(
      sql`SELECT member_id, parent_id, side FROM network_nodes WHERE member_id = ANY(${joined.map(idOf)}::bigint[])`,
    );
    // A chain of right children from s: every parent is s or another of them, each exactly once.
    expect(rows.every((r) => r.side === 'right')).toBe(true);
    const parents = rows.map((r) => r.parent_id);
    expect(new Set(parents).size).toBe(12);
    expect(parents).toContain(idOf(s));
    expect((await placementTree(portal.app, s, undefined, 1)).root.rightCount).toBe(12);
  });
});

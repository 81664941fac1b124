import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RankCreate } from '@portal/contract';
import { bearer, ROOT, usePortal, type Session, type TestPortal } from '../harness';
import { close, day, fundedMember as member, mustBuy, packageIds, workedDayOne } from '../plan/plan-helpers';
import { sql } from '../../src/platform/db/sql';
import { rollUpNetwork } from '../../src/network/rollup';
import { evaluateRanks } from '../../src/ranks/evaluate';

/**
 * The daily evaluation reads only members whose figures can have changed
 * (migration 0036b_rank_changes.sql, ADR 0043 "Only what changed"): who the
 * purchases and the roll-up queue, that a member not queued is not read,
 * and that after random purchases and closes a full pass finds nothing the
 * daily ones missed.
 */

async function defineRank(
  app: FastifyInstance,
  admin: Session,
  name: string,
  kind: 'lifetime' | 'period',
  requirements: Partial<RankCreate['requirements']>,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/ranks',
    headers: bearer(admin),
    payload: {
      name,
      colour: '#1e88e5',
      kind,
      bonus: '1',
      requirements: { minPackageId: null, minSponsored: null, minWeakerLegBv: null, minRanked: null, ...requirements },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

async function queued(portal: TestPortal): Promise<string[]> {
  const { rows } = await portal.db.query<{ username: string }>(
    sql`SELECT u.username FROM rank_changes c JOIN users u ON u.id = c.member_id ORDER BY u.username`,
  );
  return rows.map((r) => r.username);
}

/** Every member's rank and achievements, as one comparable text. */
async function ranksNow(portal: TestPortal): Promise<string> {
  const { rows } = await portal.db.query<{ line: string }>(
    sql`SELECT 'held ' || member_id || ' ' || rank_id AS line FROM member_ranks
        UNION ALL SELECT 'reached ' || member_id || ' ' || rank_id FROM rank_achievements ORDER BY 1`,
  );
  return rows.map((r) => r.line).join('\n');
}

const evaluate = (portal: TestPortal, on: string) =>
  portal.db.transaction((tx) => evaluateRanks(tx, { day: on, closeDate: null, actorId: null }));

/** A seeded generator: the same members, purchases and closes on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the daily rank evaluation reads only what changed', () => {
  const { portal, admin } = usePortal();

  it('queues buyers and grown ancestors, skips members not queued, and raises them once queued', async () => {
    const { app } = portal;
    await defineRank(app, admin, 'Bronze', 'lifetime', { minSponsored: 1 });
    const s = await defineRank(app, admin, 'Silver', 'lifetime', { minWeakerLegBv: '1000' });
    await defineRank(app, admin, 'Leader', 'lifetime', { minRanked: { rankId: s.id, count: 1 } });
    const { D, ids } = await workedDayOne(portal, admin);
    expect((await close(app, admin, day(-1))).statusCode).toBe(201);
    expect(await queued(portal)).toEqual([]);

    // erin activates, dave buys a dearer package; the roll-up queues the ancestors whose legs grew.
    const E = await member(portal, admin, 'erin', 'bob', 'right');
    await mustBuy(app, E, ids.Platinum!);
    await mustBuy(app, D, ids.Gold!);
    await rollUpNetwork(portal.db);
    const before = await queued(portal);
    expect(before).toEqual(expect.arrayContaining(['alice', 'bob', 'dave', 'erin']));
    expect(before).not.toContain('carol');
    expect((await close(app, admin, day(0))).statusCode).toBe(201);
    expect(await queued(portal)).toEqual([]);
    const { rows } = await portal.db.query<{ username: string; rank: string }>(
      sql`SELECT u.username, r.name AS rank FROM member_ranks h JOIN users u ON u.id = h.member_id JOIN ranks r ON r.id = h.rank_id ORDER BY 1`,
    );
    expect(rows).toEqual([
      { username: 'alice', rank: 'Leader' },
      { username: 'bob', rank: 'Silver' },
    ]);

    // carol's legs grow behind the queue's back: the daily pass does not read her...
    await portal.db.query(
      sql`UPDATE network_nodes SET left_lifetime_volume = 5000, right_lifetime_volume = 5000
           WHERE member_id = (SELECT id FROM users WHERE username = 'carol')`,
    );
    expect((await evaluate(portal, day(0))).reached).toBe(0);
    // ...queued, she is read and raised.
    await portal.db.query(sql`INSERT INTO rank_changes (member_id) SELECT id FROM users WHERE username = 'carol'`);
    expect(await evaluate(portal, day(0))).toMatchObject({ reached: 1, changed: 1 });

    // dave's legs grow and only he is queued: raised to Silver, he makes bob (read as a queued member's sponsor) Leader in the same evaluation.
    await portal.db.query(
      sql`UPDATE network_nodes SET left_lifetime_volume = 5000, right_lifetime_volume = 5000
           WHERE member_id = (SELECT id FROM users WHERE username = 'dave')`,
    );
    await portal.db.query(sql`INSERT INTO rank_changes (member_id) SELECT id FROM users WHERE username = 'dave'`);
    expect(await evaluate(portal, day(0))).toMatchObject({ reached: 2, changed: 2 });
    const after = await portal.db.query<{ username: string; rank: string }>(
      sql`SELECT u.username, r.name AS rank FROM member_ranks h JOIN users u ON u.id = h.member_id JOIN ranks r ON r.id = h.rank_id
           WHERE u.username IN ('bob', 'dave') ORDER BY 1`,
    );
    expect(after.rows).toEqual([
      { username: 'bob', rank: 'Leader' },
      { username: 'dave', rank: 'Silver' },
    ]);
  });
});

describe('the daily rank evaluation against a full one', () => {
  const { portal, admin } = usePortal();

  it('after random purchases and closes, a full pass finds nothing the daily passes missed', async () => {
    const { app } = portal;
    const next = random(43);
    const first = await member(portal, admin, 'mem0', ROOT, 'left');
    const ids = await packageIds(app, first);
    await defineRank(app, admin, 'Bronze', 'lifetime', { minSponsored: 1 });
    const silver = await defineRank(app, admin, 'Silver', 'lifetime', {
      minPackageId: ids.Silver!,
      minWeakerLegBv: '300',
    });
    await defineRank(app, admin, 'Star', 'period', { minWeakerLegBv: '200' });
    await defineRank(app, admin, 'Gold', 'lifetime', { minRanked: { rankId: silver.id, count: 2 } });
    const members: Array<{ name: string; session: Session; bought: number }> = [
      { name: 'mem0', session: first, bought: 0 },
    ];
    const packages = [ids.Starter!, ids.Silver!, ids.Gold!];
    for (let d = -6; d <= -1; d += 1) {
      for (let j = 0; j < 4; j += 1) {
        const sponsor = members[Math.floor(next() * members.length)]!.name;
        const name = `mem${members.length}`;
        const session = await member(portal, admin, name, sponsor, next() < 0.5 ? 'left' : 'right');
        members.push({ name, session, bought: 0 });
      }
      for (let j = 0; j < 5; j += 1) {
        const buyer = members[Math.floor(next() * members.length)]!;
        if (buyer.bought >= 3) continue;
        buyer.bought += 1;
        await mustBuy(app, buyer.session, packages[Math.floor(next() * packages.length)]!);
      }
      expect((await close(app, admin, day(d))).statusCode).toBe(201);
      const daily = await ranksNow(portal);
      await portal.db.query(sql`UPDATE rank_evaluation SET full_pass = true`);
      expect(await evaluate(portal, day(d))).toMatchObject({ reached: 0, changed: 0 });
      expect(await ranksNow(portal)).toBe(daily);
    }
    expect(await ranksNow(portal)).toContain('reached');
  });
});

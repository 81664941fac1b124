import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork, type GeneratedNetwork } from '../../../../bench/lib/network-generator';
import { bitsOf } from '../../src/network/paths';
import { bearer, login, loginAdmin, startPortal, type Session, type TestPortal } from '../harness';
import { getNetwork, placementTree, recountTeams, storedTeams } from './network-helpers';
import { hashPassword } from '../../src/auth/passwords';
import { sql } from '../../src/platform/db/sql';

/**
 * The synthetic network generator (bench/, seed:demo) writes what the
 * application would have written: its counts, paths, depths and sponsor keys
 * are checked here against a recount and against the application's own rules.
 */
let portal: TestPortal;
let net: GeneratedNetwork;
const PASSWORD = 'Generated-Member-Pass-1';

beforeAll(async () => {
  portal = await startPortal();
  net = await generateNetwork(portal.db, {
    members: 300,
    chain: 60,
    prefix: 'gen',
    passwordHash: await hashPassword(PASSWORD),
  });
});
afterAll(async () => {
  await portal?.close();
});

describe('the network generator', () => {
  it('writes team counts equal to a recount from the parent links', async () => {
    const expected = await recountTeams(portal.db);
    expect(expected.size).toBe(1 + 300 + 60);
    expect(await storedTeams(portal.db)).toEqual(expected);
  });

  it('writes paths, depths and sponsor keys that follow the parents, as the application would', async () => {
    const { rows } = await portal.db.query<{ bad: number }>(
      sql`SELECT count(*) AS bad
         FROM network_nodes n
         JOIN network_nodes p ON p.member_id = n.parent_id
         JOIN members m ON m.user_id = n.member_id
         JOIN members s ON s.user_id = m.sponsor_id
        WHERE n.depth <> p.depth + 1
           OR n.path <> substring(p.path FROM 1 FOR p.depth) || (CASE n.side WHEN 'left' THEN B'0' ELSE B'1' END) || B'1'
           OR m.sponsor_depth <> s.sponsor_depth + 1
           OR substring(m.sponsor_key FROM 1 FOR bit_length(s.sponsor_key)) <> s.sponsor_key
           OR NOT m.placed`,
    );
    expect(rows[0]!.bad).toBe(0);
    const direct = await portal.db.query<{ bad: number }>(
      sql`SELECT count(*) AS bad FROM members m
        WHERE m.direct_count <> (SELECT count(*) FROM members c WHERE c.sponsor_id = m.user_id)`,
    );
    expect(direct.rows[0]!.bad).toBe(0);
    // Ranks: distinct keys among siblings, as the registration trigger assigns them.
    const keys = await portal.db.query<{ dup: number }>(
      sql`SELECT count(*) - count(DISTINCT sponsor_key) AS dup FROM members`,
    );
    expect(keys.rows[0]!.dup).toBe(0);
  });

  it('hangs the chain from the outermost left position, so left spillover from the top lands below it', async () => {
    const bottom = await portal.db.query<{ path: string; depth: number }>(
      sql`SELECT path::text AS path, depth FROM network_nodes WHERE member_id = ${net.chainId(60)}`,
    );
    expect(bottom.rows[0]!.depth).toBe(net.chainTopDepth + 59);
    expect(bitsOf(bottom.rows[0]!.path)).toBe('0'.repeat(net.chainTopDepth + 59));

    const top: Session = await login(portal.app, 'gen1', PASSWORD); // heap 2: the root's left child
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'gen_newcomer',
        email: 'gen_newcomer@example.com',
        fullName: 'Newcomer',
        password: 'Correct-Horse-Battery-9',
        sponsor: 'gen1',
        side: 'left',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tree = await placementTree(portal.app, top, net.chainId(60), 1);
    expect(tree.nodes).toMatchObject([{ username: 'gen_newcomer', side: 'left', parentId: net.chainId(60) }]);
    expect(top.user.id).toBe(net.balancedId(2));
  });

  it('gives generated members working pages: sponsor tree, downline, referral counts', async () => {
    const member = await login(portal.app, 'gen2', PASSWORD); // heap 3: the root's right child
    const downline = (await getNetwork(portal.app, member, 'downline', { pageSize: 5 })).json();
    const expected = (await recountTeams(portal.db)).get(net.balancedId(3))!;
    expect(downline.total).toBe(expected.left + expected.right);
    expect(downline.items).toHaveLength(5);
    const link = (await getNetwork(portal.app, member, 'referral-link')).json();
    expect(link.signups).toMatchObject({ total: 2, left: 1, right: 1, waiting: 0 });
    const admin = await loginAdmin(portal.app);
    const res = await portal.app.inject({
      method: 'GET',
      url: `/api/network/sponsor-tree?root=${net.chainId(30)}`,
      headers: bearer(admin),
    });
    expect(res.json().root).toMatchObject({ username: 'genc30', directCount: 1 });
  });
});

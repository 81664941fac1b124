/**
 * Rank evaluation at scale (docs/performance.md "Ranks"): a balanced network
 * of BENCH_RANKS_MEMBERS (default 1,000,000) members, all active on Starter,
 * every inner node with lifetime volume on both legs, and three ranks (one
 * per kind of requirement). Timed: the first evaluation (everyone's first
 * achievements and their bonuses, once), then the one a daily close makes
 * every day after (nothing new: the steady state), each in its own
 * transaction as the close runs it. Then a day of purchases as the roll-up
 * leaves it (their ancestors' lifetime legs grown and queued in
 * rank_changes), and for comparison a full pass reading every member (the
 * behaviour before migration 0036b).
 */
import { generateNetwork } from '../lib/network-generator';
import { queueDayOfBuyers } from '../lib/rank-day';
import { startBenchPortal } from '../lib/portal';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/platform/db/sql';
import { createRank } from '../../apps/api/src/ranks/definitions';
import { evaluateRanks } from '../../apps/api/src/ranks/evaluate';

const scenario: Scenario = {
  name: 'ranks',
  description: 'rank evaluation over every member: the first one (achievements and bonuses) and a daily one after',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const members = Number(process.env.BENCH_RANKS_MEMBERS ?? 1_000_000);
    const portal = await startBenchPortal(ctx.databaseUrl);
    const db = portal.ctx.db;
    const figures: Figure[] = [];
    try {
      ctx.log(`generating ${members.toLocaleString('en-US')} balanced members…`);
      await generateNetwork(db, { members, chain: 0, prefix: 'rank', passwordHash: null });
      const starter = (await db.query<{ id: number }>(sql`SELECT id FROM packages WHERE name = 'Starter'`)).rows[0]!.id;
      await db.query(
        sql`UPDATE members SET active = true, package_id = ${starter}, package_price = (SELECT price FROM packages WHERE id = ${starter}) WHERE sponsor_id IS NOT NULL`,
      );
      await db.query(
        sql`UPDATE network_nodes SET left_lifetime_volume = 300 + (member_id % 7) * 100, right_lifetime_volume = 200 + (member_id % 5) * 100
             WHERE member_id IN (SELECT parent_id FROM network_nodes WHERE side = 'right')`,
      );
      await db.query(sql`VACUUM ANALYZE network_nodes, members`);
      const admin = {
        userId: (await db.query<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)).rows[0]!.id,
        ip: null,
      };
      const none = { minPackageId: null, minSponsored: null, minWeakerLegBv: null, minRanked: null };
      const bronze = await createRank(portal.ctx, admin, {
        name: 'Bronze',
        colour: '#b87333',
        kind: 'lifetime',
        bonus: '10',
        active: true,
        requirements: { ...none, minSponsored: 1 },
      });
      await createRank(portal.ctx, admin, {
        name: 'Silver',
        colour: '#78909c',
        kind: 'lifetime',
        bonus: '50',
        active: true,
        requirements: { ...none, minWeakerLegBv: '700' },
      });
      await createRank(portal.ctx, admin, {
        name: 'Leader',
        colour: '#8e24aa',
        kind: 'lifetime',
        bonus: '100',
        active: true,
        requirements: { ...none, minRanked: { rankId: bronze.id, count: 2 } },
      });
      const day = new Date().toISOString().slice(0, 10);
      const timed = async (run: string) => {
        const t = performance.now();
        const result = await db.transaction((tx) => evaluateRanks(tx, { day, closeDate: null, actorId: null }));
        const seconds = round((performance.now() - t) / 1000, 2);
        figures.push({
          metric: `ranks: ${run}`,
          value: seconds,
          unit: 's',
          note: `${result.reached.toLocaleString('en-US')} achievements, ${result.changed.toLocaleString('en-US')} rank changes, ${result.credited} USDT credited`,
        });
        ctx.log(`${run}: ${seconds} s (${result.reached} reached, ${result.credited} USDT)`);
        await db.query(sql`VACUUM ANALYZE rank_achievements, member_ranks`);
      };
      await timed('first evaluation');
      await timed('daily evaluation after');
      // A day's BV as the roll-up leaves it: BUYERS members' every placement ancestor grows on that leg and is queued.
      const buyers = Number(process.env.BENCH_RANKS_BUYERS ?? 2_000);
      const queued = await queueDayOfBuyers(db, members, buyers);
      ctx.log(`${queued} ancestors of ${buyers} buyers queued`);
      await timed(
        `daily evaluation after a day of ${buyers.toLocaleString('en-US')} buyers (${queued.toLocaleString('en-US')} members queued)`,
      );
      // The earlier behaviour, for comparison in the same run: every active member read (as after a rank edit).
      await db.query(sql`UPDATE rank_evaluation SET full_pass = true`);
      await timed('daily evaluation reading every member (full pass, as before 0036b)');
    } finally {
      await portal.close();
    }
    return figures;
  },
};
export default scenario;

/**
 * The plan simulator at scale (docs/plan.md, "The plan simulator";
 * docs/decisions/0044-plan-simulator.md): a balanced network
 * (BENCH_SIMULATOR_MEMBERS, default 1,000,000) with a year of generated
 * activity (lib/activity.ts, as the dashboard scenario) and 90 generated
 * daily closes before yesterday (a matching record for one inner node in
 * ten each day, 10 % of the matched BV, Starter's cap of 100); then a
 * 90-day simulation of "matching 8 % instead of 10 %" replayed to the end
 * by the simulator's own runner, and one plain daily close (yesterday) of
 * the same network in the same run, every inner node matched as in the plan
 * scenario. Goal: the simulation under 60 s; its ratio to the close is printed.
 */
import { closeDay } from '../../apps/api/src/plan/close';
import { createSimulationRunner } from '../../apps/api/src/simulator/replay';
import { readSimulation } from '../../apps/api/src/simulator/read';
import { startSimulation } from '../../apps/api/src/simulator/start';
import { settingsInForce } from '../../apps/api/src/simulator/settings';
import { sql } from '../../apps/api/src/platform/db/sql';
import { generateActivity } from '../lib/activity';
import { generateNetwork } from '../lib/network-generator';
import { startBenchPortal } from '../lib/portal';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';

const DAYS = 90;
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const scenario: Scenario = {
  name: 'simulator',
  description: 'a 90-day plan simulation on 1M members with a year of activity, beside one plain daily close',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const members = Number(process.env.BENCH_SIMULATOR_MEMBERS ?? 1_000_000);
    const figures: Figure[] = [];
    const portal = await startBenchPortal(ctx.databaseUrl);
    const db = portal.ctx.db;
    try {
      ctx.log(`generating ${members.toLocaleString('en-US')} members, a year of activity and ${DAYS} closes…`);
      const g0 = performance.now();
      await generateNetwork(db, { members, chain: 0, prefix: 'sim', passwordHash: null });
      await generateActivity(portal);
      const from = dayBefore(DAYS + 1);
      const records = await generateCloses(portal.ctx.db, from, DAYS);
      figures.push({
        metric: 'generate the network, a year of activity and the closes',
        value: round((performance.now() - g0) / 1000, 1),
        unit: 's',
        note: `${records.toLocaleString('en-US')} matching records over ${DAYS} days`,
      });

      const adminId = (await db.query<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)).rows[0]!.id;
      const inForce = await settingsInForce(db);
      const s0 = performance.now();
      const started = await startSimulation(
        portal.ctx,
        { userId: adminId, ip: null },
        { from, days: DAYS, settings: { ...inForce, matchingPercent: '8' } },
      );
      const runner = createSimulationRunner(portal.ctx, { daysPerPass: DAYS });
      while ((await runner.pass()).more);
      const simulationSeconds = (performance.now() - s0) / 1000;
      const result = await readSimulation(db, started.id);
      if (result.status !== 'done') throw new Error(`the simulation ended ${result.status}: ${result.error}`);
      ctx.log(
        `simulation: ${simulationSeconds.toFixed(1)} s; matching ${result.matching.actual} → ${result.matching.simulated}`,
      );

      // The plain close of yesterday on the same network: every member active on Starter, every inner node with volume on both legs.
      await db.query(
        sql`UPDATE network_nodes SET left_volume = left_volume + 300 + (member_id % 7) * 100, right_volume = right_volume + 200 + (member_id % 5) * 100
             WHERE member_id IN (SELECT parent_id FROM network_nodes WHERE side = 'right')`,
      );
      await db.query(sql`VACUUM ANALYZE network_nodes, members`);
      const k0 = performance.now();
      const close = await closeDay(portal.ctx, dayBefore(1), null);
      const closeSeconds = (performance.now() - k0) / 1000;
      ctx.log(`daily close: ${closeSeconds.toFixed(1)} s for ${close.members} members`);

      figures.push({
        metric: `${DAYS}-day simulation (matching 8 % instead of 10 %)`,
        value: round(simulationSeconds, 1),
        unit: 's',
        note: `goal < 60 s; ${result.membersPaid?.actual.toLocaleString('en-US')} members paid; matching ${result.matching.actual} → ${result.matching.simulated} USDT`,
      });
      figures.push({
        metric: 'one plain daily close, same network',
        value: round(closeSeconds, 1),
        unit: 's',
        note: `${close.members.toLocaleString('en-US')} members matched and paid`,
      });
      figures.push({
        metric: 'simulation / close',
        value: round(simulationSeconds / closeSeconds, 2),
        unit: '×',
      });
    } finally {
      await portal.close();
    }
    return figures;
  },
};
export default scenario;

/**
 * `days` closed days from `from`, generated set-based (triggers off, as the
 * activity): each day one inner node in ten has a record, legs 100–1,500 BV,
 * matched as a close matches them (apps/api/sql/functions/plan_match_day.sql)
 * at 10 % under Starter's cap of 100 USDT (so some are flushed).
 */
async function generateCloses(
  db: import('../../apps/api/src/platform/db/database').Database,
  from: string,
  days: number,
) {
  return db.transaction(async (tx) => {
    await tx.query(sql`SET LOCAL session_replication_role = replica`);
    await tx.query(
      sql`INSERT INTO matching_closes (close_date, closed_at, days, rate, members, matched, paid, flushed, events)
          SELECT ${from}::date + i, (${from}::date + i + 1)::timestamp AT TIME ZONE 'UTC', 1, '10', 0, 0, 0, 0, 0
            FROM generate_series(0, ${days - 1}) AS i`,
    );
    const { rowCount } = await tx.query(
      sql`INSERT INTO matching_bonuses (close_date, member_id, left_volume, right_volume, matched, rate, earned, daily_cap, paid, flushed, carry_left, carry_right)
          SELECT ${from}::date + d, x.member_id, x.l, x.r, m.matched, '10', m.earned, 100000000000000000000, m.paid, m.flushed,
                 m.carry_left, m.carry_right
            FROM generate_series(0, ${days - 1}) AS d
            CROSS JOIN LATERAL (SELECT n.member_id, (100 * (1 + (n.member_id + d) % 15))::numeric AS l, (100 * (1 + (n.member_id * 7 + d) % 15))::numeric AS r
                                  FROM network_nodes n
                                 WHERE n.parent_id IS NOT NULL AND (n.member_id + d) % 10 = 0
                                   AND EXISTS (SELECT 1 FROM network_nodes c WHERE c.parent_id = n.member_id AND c.side = 'right')) x
            CROSS JOIN LATERAL plan_match_day(x.l, x.r, 100000, 100000000000000000000) m`,
    );
    await tx.query(
      sql`UPDATE matching_closes c SET members = t.members, matched = t.matched, paid = t.paid, flushed = t.flushed
            FROM (SELECT close_date, count(*) AS members, sum(matched) AS matched, sum(paid) AS paid, sum(flushed) AS flushed
                    FROM matching_bonuses GROUP BY close_date) t
           WHERE t.close_date = c.close_date`,
    );
    await tx.query(sql`ANALYZE matching_bonuses, matching_closes`);
    return rowCount ?? 0;
  });
}

import pg from 'pg';
import { generateActivity } from '../lib/activity';
import { generateNetwork } from '../lib/network-generator';
import { startBenchPortal } from '../lib/portal';
import { sql } from '../../apps/api/src/db/sql';

const members = Number(process.env.M ?? 20000);
const portal = await startBenchPortal(process.env.DATABASE_URL);
const db = portal.ctx.db;
await generateNetwork(db, { members, chain: 0, prefix: 'sim', passwordHash: null });
await generateActivity(portal);
const from = new Date(Date.now() - 91 * 86_400_000).toISOString().slice(0, 10);
await db.transaction(async (tx) => {
  await tx.query(sql`SET LOCAL session_replication_role = replica`);
  await tx.query(sql`INSERT INTO matching_closes (close_date, closed_at, days, rate, members, matched, paid, flushed, events)
          SELECT ${from}::date + i, now(), 1, '10', 0, 0, 0, 0, 0 FROM generate_series(0, 89) AS i`);
  await tx.query(sql`INSERT INTO matching_bonuses (close_date, member_id, left_volume, right_volume, matched, rate, earned, daily_cap, paid, flushed, carry_left, carry_right)
          SELECT ${from}::date + d, n.member_id, 100, 200, 100, '10', 10e18, 100e18, 10e18, 0, 0, 100
            FROM generate_series(0, 89) AS d, network_nodes n WHERE n.parent_id IS NOT NULL AND (n.member_id + d) % 10 = 0`);
});
await db.query(sql`ANALYZE`);
await db.query(sql`INSERT INTO plan_simulations (from_date, days, next_date, proposed, in_force) VALUES (${from}, 90, ${from}, '{}', '{}')`);
const url = (portal.ctx.config as unknown as { databaseUrl: string }).databaseUrl;
const client = new pg.Client({ connectionString: url });
await client.connect();
client.on('notice', (n) => console.log(n.message));
await client.query(`LOAD 'auto_explain'`);
await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET client_min_messages = log`);
const day = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
for (const d of [day, day]) {
  const t = performance.now();
  await client.query(`BEGIN`);
  await client.query(`SELECT plan_simulate_day((SELECT max(id) FROM plan_simulations), $1::date, '{100000,50000,20000}'::numeric[], 80000, '{}'::bigint[], '{}'::numeric[])`, [d]);
  await client.query(`ROLLBACK`);
  console.log('=== ms', performance.now() - t);
}
await client.end();
await portal.close();

/**
 * The dashboards at scale (issue 27 item 3, docs/decisions/0042-daily-totals.md):
 * a balanced network (BENCH_DASHBOARD_MEMBERS, default 1,000,000) with a year
 * of generated activity (a purchase per member, its level-1 referral bonus, a
 * deposit credited per two members, a withdrawal paid per ten, spread over
 * 365 days), the daily totals rolled up by the job's own function, then the
 * requests/s and p99 of GET /api/dashboard (a member of the network) and
 * GET /api/admin/dashboard beside a bare Fastify answering a small JSON in
 * the same process, measured the same way (BENCH_DASHBOARD_SECONDS each,
 * BENCH_DASHBOARD_CONCURRENCY requests in flight).
 *
 * The activity is inserted set-based with the session's triggers off
 * (session_replication_role = replica: no ledger postings behind it), as the
 * dashboards read only these tables: it is load for reading, not books.
 */
import Fastify from 'fastify';
import { signIn } from '../lib/client';
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { rollUpDailyTotals } from '../../apps/api/src/dashboard/rollup';
import { generateNetwork } from '../lib/network-generator';
import { generateActivity } from '../lib/activity';
import { BENCH_ADMIN_PASSWORD, startBenchPortal, type BenchPortal } from '../lib/portal';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/db/sql';

const MEMBER_PASSWORD = 'Bench-Member-Pass-2026';
const SECONDS = Number(process.env.BENCH_DASHBOARD_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_DASHBOARD_CONCURRENCY ?? 16);

const scenario: Scenario = {
  name: 'dashboard',
  description: 'requests/s and p99 of /api/dashboard and /api/admin/dashboard on 1M members with a year of activity',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const members = Number(process.env.BENCH_DASHBOARD_MEMBERS ?? 1_000_000);
    const figures: Figure[] = [];
    const portal = await startBenchPortal(ctx.databaseUrl);
    try {
      ctx.log(`generating ${members.toLocaleString('en-US')} members and a year of activity…`);
      const net = await generateNetwork(portal.ctx.db, { members, chain: 0, prefix: 'dash', passwordHash: null });
      const started = performance.now();
      await generateActivity(portal);
      figures.push({
        metric: 'generate a year of activity',
        value: round((performance.now() - started) / 1000, 1),
        unit: 's',
      });
      const rolling = performance.now();
      for (let rolled: number | 'busy' = -1; rolled !== 0 && rolled !== 'busy';) {
        rolled = await rollUpDailyTotals(portal.ctx.db, new Date(), true);
      }
      figures.push({
        metric: 'roll up the year into daily totals',
        value: round((performance.now() - rolling) / 1000, 1),
        unit: 's',
      });
      await measure(portal, net.balancedId(2), figures, ctx);
    } finally {
      await portal.close();
    }
    return figures;
  },
};
export default scenario;

interface Throughput {
  perSecond: number;
  p99: number;
  failures: number;
}

/** `CONCURRENCY` loops asking `url` for `SECONDS`: answers per second and the p99 latency. */
async function throughput(url: string, headers: Record<string, string>): Promise<Throughput> {
  const deadline = performance.now() + SECONDS * 1000;
  const samples: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        samples.push(performance.now() - started);
        if (res.status !== 200) failures += 1;
      }
    }),
  );
  return { perSecond: round(samples.length / SECONDS, 0), p99: percentiles(samples).p99, failures };
}

async function measure(portal: BenchPortal, memberId: number, figures: Figure[], ctx: BenchContext) {
  const db = portal.ctx.db;
  await db.query(sql`UPDATE users SET password_hash = ${await hashPassword(MEMBER_PASSWORD)} WHERE id = ${memberId}`);
  const username = (await db.query<{ username: string }>(sql`SELECT username FROM users WHERE id = ${memberId}`))
    .rows[0]!.username;
  const member = (await signIn(portal.baseUrl, username, MEMBER_PASSWORD)).token;
  const admin = (await signIn(portal.baseUrl, 'admin', BENCH_ADMIN_PASSWORD)).token;

  // Fastify's own figure: a bare instance answering a small JSON, in this process, asked the same way.
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const reference = await throughput(bareUrl, {});
    const shapes: Array<[string, string, string]> = [
      ['GET /api/dashboard (a member of the network)', '/api/dashboard', member],
      ['GET /api/admin/dashboard', '/api/admin/dashboard', admin],
    ];
    figures.push({
      metric: 'Fastify small JSON',
      value: reference.perSecond,
      unit: 'req/s',
      note: `p99 ${reference.p99} ms`,
    });
    ctx.log(`Fastify small JSON: ${reference.perSecond} req/s, p99 ${reference.p99} ms`);
    for (const [metric, path, token] of shapes) {
      const t = await throughput(`${portal.baseUrl}${path}`, { authorization: `Bearer ${token}` });
      const share = round(t.perSecond / reference.perSecond, 2);
      const note = `${share} of Fastify's figure${t.failures ? `; ${t.failures} failed` : ''}`;
      figures.push({ metric, value: t.perSecond, unit: 'req/s', note });
      figures.push({ metric: `${metric} p99`, value: t.p99, unit: 'ms' });
      ctx.log(`${metric}: ${t.perSecond} req/s (${note}), p99 ${t.p99} ms`);
    }
  } finally {
    await bare.close();
  }
}

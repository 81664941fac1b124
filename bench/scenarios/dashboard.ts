/**
 * The dashboards at scale (issue 27 item 3, docs/decisions/0042-daily-totals.md):
 * a balanced network (BENCH_DASHBOARD_MEMBERS, default 1,000,000) with a year
 * of generated activity (a purchase per member, its level-1 referral bonus, a
 * deposit credited per two members, a withdrawal paid per ten, spread over
 * 365 days; the wallets and postings of the purchases and bonuses), the daily totals rolled up by the job's own function, then the
 * requests/s and p99 of GET /api/dashboard (BENCH_DASHBOARD_ASKED members picked at random, asked in
 * turn: no answer is one member's over and over) and
 * GET /api/admin/dashboard beside a bare Fastify answering a small JSON in
 * the same process, measured the same way (BENCH_DASHBOARD_SECONDS each, in
 * BENCH_DASHBOARD_ROUNDS slices taken in turns, BENCH_DASHBOARD_CONCURRENCY
 * requests in flight).
 *
 * The activity is inserted set-based with the session's triggers off
 * (session_replication_role = replica: no ledger postings behind it), as the
 * dashboards read only these tables: it is load for reading, not books.
 */
import Fastify from 'fastify';
import { signIn } from '../lib/client';
import { createSession } from '../../apps/api/src/auth/sessions';
import { signAccessToken } from '../../apps/api/src/auth/tokens';
import { rollUpDailyTotals } from '../../apps/api/src/dashboard/rollup';
import { watchBackends } from '../lib/cpu';
import { generateNetwork } from '../lib/network-generator';
import { generateActivity } from '../lib/activity';
import { BENCH_ADMIN_PASSWORD, startBenchPortal, type BenchPortal } from '../lib/portal';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/platform/db/sql';

const SECONDS = Number(process.env.BENCH_DASHBOARD_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_DASHBOARD_CONCURRENCY ?? 16);
/** Each figure's SECONDS in this many slices, taken in turns (BENCH_DASHBOARD_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? 10);
/** How many members /api/dashboard is asked for, in turn (BENCH_DASHBOARD_ASKED). */
const ASKED = Number(process.env.BENCH_DASHBOARD_ASKED ?? 2000);

const scenario: Scenario = {
  name: 'dashboard',
  description: 'requests/s and p99 of /api/dashboard and /api/admin/dashboard on 1M members with a year of activity',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const members = Number(process.env.BENCH_DASHBOARD_MEMBERS ?? 1_000_000);
    const figures: Figure[] = [];
    const portal = await startBenchPortal(ctx.databaseUrl);
    try {
      ctx.log(`generating ${members.toLocaleString('en-US')} members and a year of activity…`);
      await generateNetwork(portal.ctx.db, { members, chain: 0, prefix: 'dash', passwordHash: null });
      const started = performance.now();
      await generateActivity(portal);
      figures.push({
        metric: 'generate a year of activity',
        value: round((performance.now() - started) / 1000, 1),
        unit: 's',
      });
      const rolling = performance.now();
      // Up to one moment's margin: with a fresh \`now\` each pass, every pass would find the milliseconds since the
      // last one to roll and the loop would never end (the 1,000,000-member rerun that "hung").
      const until = new Date();
      for (let rolled: number | 'busy' = -1; rolled !== 0 && rolled !== 'busy';) {
        rolled = await rollUpDailyTotals(portal.ctx.db, until, true);
      }
      figures.push({
        metric: 'roll up the year into daily totals',
        value: round((performance.now() - rolling) / 1000, 1),
        unit: 's',
      });
      await measure(portal, figures, ctx);
    } finally {
      await portal.close();
    }
    return figures;
  },
};
export default scenario;

/** What one shape's slices add up to: answers, failures, latencies and the time asked. */
interface Tally {
  samples: number[];
  failures: number;
  seconds: number;
  /** CPU seconds of this process (the portal and the client asking it) and of the database's backends. */
  processCpu: number;
  dbCpu: number;
}

/**
 * `CONCURRENCY` loops asking `url` for `seconds`, each request with the next of `tokens` (none: no authorization),
 * loop k starting at the k-th share of the list (and going on from where the last slice left it), added to `tally`.
 */
async function slice(url: string, tokens: string[], seconds: number, tally: Tally, cursor: number[]) {
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, k) => {
      cursor[k] ??= Math.floor((k * tokens.length) / CONCURRENCY);
      while (performance.now() < deadline) {
        const token = tokens[cursor[k]++ % tokens.length];
        const started = performance.now();
        const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        await res.arrayBuffer();
        tally.samples.push(performance.now() - started);
        if (res.status !== 200) tally.failures += 1;
      }
    }),
  );
  tally.seconds += seconds;
}

/**
 * Signs in `ASKED` members picked at random among the generated ones (a session each, as sign-in makes it, and its
 * access token: no password hash per member), and the admin.
 */
async function sessions(portal: BenchPortal) {
  const { db, config } = portal.ctx;
  const { rows } = await db.query<{ user_id: number }>(
    sql`SELECT user_id FROM members WHERE sponsor_id IS NOT NULL ORDER BY random() LIMIT ${ASKED}`,
  );
  const members = await Promise.all(
    rows.map(async ({ user_id: userId }) => {
      const sessionId = await createSession(db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
      return signAccessToken({ userId, sessionId, role: 'member' }, config.jwtSecret, 3600);
    }),
  );
  const admin = (await signIn(portal.baseUrl, 'admin', BENCH_ADMIN_PASSWORD)).token;
  // The sessions table's statistics with these sessions in (the generated members have none).
  await db.query(sql`ANALYZE auth_sessions`);
  return { members, admin };
}

async function measure(portal: BenchPortal, figures: Figure[], ctx: BenchContext) {
  const { members, admin } = await sessions(portal);
  ctx.log(`${members.length} members signed in, asked in turn (each loop starts at its own place in the list)`);

  // Fastify's own figure: a bare instance answering a small JSON, in this process, asked the same way.
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    // Fastify's figure and each shape in turns of ROUNDS slices, so that a change of load on the shared machine
    // (other work starting or ending) falls on the reference and the shapes alike.
    const shapes: Array<[string, string, string[]]> = [
      ['Fastify small JSON', bareUrl, []],
      [`GET /api/dashboard (${members.length} members in turn)`, `${portal.baseUrl}/api/dashboard`, members],
      ['GET /api/admin/dashboard', `${portal.baseUrl}/api/admin/dashboard`, [admin]],
    ];
    const tallies = shapes.map((): Tally => ({ samples: [], failures: 0, seconds: 0, processCpu: 0, dbCpu: 0 }));
    const cursors = shapes.map((): number[] => []);
    const database = (await portal.ctx.db.query<{ name: string }>(sql`SELECT current_database() AS name`)).rows[0]!
      .name;
    for (let r = 0; r < ROUNDS; r += 1)
      for (const [i, [, url, tokens]] of shapes.entries()) {
        const tally = tallies[i]!;
        // The CPU each answer costs, whatever else runs on the machine: this process's, and the backends' (PostgreSQL).
        const backends = ctx.databaseUrl ? await watchBackends(ctx.databaseUrl, database) : null;
        const cpu = process.cpuUsage();
        await slice(url, tokens, SECONDS / ROUNDS, tally, cursors[i]!);
        const used = process.cpuUsage(cpu);
        tally.processCpu += (used.user + used.system) / 1e6;
        tally.dbCpu += backends ? await backends.stop() : 0;
      }
    const perSecond = (t: Tally) => round(t.samples.length / t.seconds, 0);
    const reference = perSecond(tallies[0]!);
    for (const [i, [metric]] of shapes.entries()) {
      const t = tallies[i]!;
      const p99 = percentiles(t.samples).p99;
      const note =
        i === 0
          ? `p99 ${p99} ms`
          : `${round(perSecond(t) / reference, 2)} of Fastify's figure${t.failures ? `; ${t.failures} failed` : ''}`;
      figures.push({ metric, value: perSecond(t), unit: 'req/s', note });
      if (i > 0) figures.push({ metric: `${metric} p99`, value: p99, unit: 'ms' });
      const perAnswer = (seconds: number) => round((seconds * 1000) / t.samples.length, 3);
      figures.push({
        metric: `${metric} CPU per answer`,
        value: perAnswer(t.processCpu),
        unit: 'ms',
        note: `this process (portal and client); database backends ${perAnswer(t.dbCpu)} ms`,
      });
      ctx.log(`${metric}: ${perSecond(t)} req/s (${note})${i > 0 ? `, p99 ${p99} ms` : ''}`);
    }
  } finally {
    await bare.close();
  }
}

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
import { BENCH_ADMIN_PASSWORD, startBenchPortal, type BenchPortal } from '../lib/portal';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/db/sql';

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

async function generateActivity(portal: BenchPortal) {
  await portal.ctx.db.transaction(async (tx) => {
    await tx.query(sql`SET LOCAL session_replication_role = replica`);
    // A purchase per member at a random time of the last 365 days, each with its journal entry's id and time.
    await tx.query(
      sql`WITH e AS (
           INSERT INTO journal_entries (type, memo, created_at)
           SELECT 'purchase', 'bench activity', now() - random() * interval '365 days' FROM members WHERE sponsor_id IS NOT NULL
           RETURNING id, created_at
         ), m AS (SELECT user_id, row_number() OVER () AS i FROM members WHERE sponsor_id IS NOT NULL),
         x AS (SELECT id, created_at, row_number() OVER () AS i FROM e)
         INSERT INTO purchases (entry_id, member_id, package_id, kind, price, bv, created_at)
         SELECT x.id, m.user_id, p.id, 'purchase', p.price, p.bv, x.created_at
           FROM x JOIN m USING (i), (SELECT id, price, bv FROM packages ORDER BY price LIMIT 1) p`,
    );
    // Active with the package they bought, as plan_purchase_one.sql leaves them; joined over the year, not all today.
    await tx.query(
      sql`UPDATE members m SET active = true, package_id = p.package_id, activated_at = p.created_at,
                joined_at = p.created_at - random() * interval '1 day'
           FROM purchases p WHERE p.member_id = m.user_id`,
    );
    await tx.query(
      sql`INSERT INTO referral_bonuses (purchase_id, entry_id, member_id, buyer_id, level, rate, base, amount, created_at)
         SELECT p.id, p.entry_id, m.sponsor_id, p.member_id, 1, '10', p.price, p.price / 10, p.created_at
           FROM purchases p JOIN members m ON m.user_id = p.member_id WHERE m.sponsor_id IS NOT NULL`,
    );
    await tx.query(
      sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address,
                                amount, status, entry_id, seen_at, final_at, credited_at)
         SELECT 97, '0x' || lpad(to_hex(p.id), 64, '0'), 0, p.id, '0x0', p.member_id, '0x0', '0x0', p.price, 'credited',
                p.entry_id, p.created_at, p.created_at, p.created_at
           FROM purchases p WHERE p.id % 2 = 0`,
    );
    await tx.query(
      sql`INSERT INTO withdrawals (user_id, amount, fee, address, status, entry_id, paid_at, created_at)
         SELECT p.member_id, p.price / 2, p.price / 20, '0x' || repeat('a', 40), 'paid', p.entry_id, p.created_at, p.created_at
           FROM purchases p WHERE p.id % 10 = 0`,
    );
    // Each member's deposit and income wallets, and the postings of the purchases behind them (the buyer's
    // deposit wallet paid the price, the sponsor's income wallet got the bonus): what the wallets and the recent
    // lines of /api/dashboard read. Balances as the lines leave them.
    await tx.query(
      sql`INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
         SELECT 'member', m.user_id, w.wallet, 'USDT', CASE w.wallet WHEN 'income' THEN COALESCE(r.earned, 0) ELSE 0 END
           FROM members m CROSS JOIN (VALUES ('deposit'), ('income')) w(wallet)
           LEFT JOIN (SELECT member_id, sum(amount) AS earned FROM referral_bonuses GROUP BY member_id) r ON r.member_id = m.user_id
          WHERE m.sponsor_id IS NOT NULL`,
    );
    await tx.query(
      sql`INSERT INTO postings (entry_id, account_id, amount, balance_after)
         SELECT x.entry_id, x.account_id, x.amount, x.after FROM (
           SELECT p.entry_id, a.id AS account_id, -p.price AS amount, 0 AS after, p.id AS i, 0 AS o
             FROM purchases p JOIN ledger_accounts a ON a.owner_id = p.member_id AND a.wallet = 'deposit'
           UNION ALL
           SELECT b.entry_id, a.id, b.amount, sum(b.amount) OVER (PARTITION BY b.member_id ORDER BY b.id), b.purchase_id, 1
             FROM referral_bonuses b JOIN ledger_accounts a ON a.owner_id = b.member_id AND a.wallet = 'income'
         ) x ORDER BY x.i, x.o`,
    );
  });
  await portal.ctx.db.query(sql`ANALYZE`);
}

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

/**
 * The money paths end to end, as a client sees them: `wrk` (a C load
 * generator) drives the API with a Lua script against a real server process
 * started as `npm run serve` starts it, 16 connections, and PostgreSQL's own
 * pgbench (TPC-B, scale 10, 8 clients, 2 threads) runs beside each shape in
 * the same invocation, so the ratio portal/pgbench cancels the machine's
 * noise. Three shapes: POST /api/transfers between random pairs of 64
 * funded members, and from all of them to one shared receiver (its wallet
 * row is the hot lock); POST /api/purchases by 16 buyers at the bottom of a
 * generated 1,000,000-member network (bench/lib/purchase-buyers.ts), each
 * paying its three levels of uplines. Also printed: the CPU the database's
 * backends and the API process spent per request (from /proc), against
 * pgbench's per transaction.
 *
 * BENCH_SECONDS (default 10) per shape, BENCH_CONNECTIONS (16),
 * BENCH_PURCHASE_MEMBERS (1,000,000; 0 leaves purchases out),
 * BENCH_SERVER_ENV (extra server variables, `A=1 B=2`), BENCH_PORT,
 * BENCH_WAITS=1 (what the backends wait on during each shape, bench/lib/waits.ts).
 *
 * Measured first, as a user meets it: the fresh portal, nothing analyzed by
 * the bench, random pairs in BENCH_FRESH_SLICES slices of BENCH_SLICE_SECONDS
 * (6 of 10 s), the first and last slice's rate printed beside pgbench's
 * (docs/performance.md, "Fast as the books grow").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withPgClient } from '../../apps/api/src/platform/db/postgres';
import { openPgbench, type Pgbench } from '../lib/pgbench';
import { generatePurchaseNetwork, purchaseMembers, purchaseShape } from '../lib/purchase-buyers';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { startServerProcess, type ServerProcess } from '../lib/server';
import { call, enableAdminTwoFactor, fundDeposit, signIn } from '../lib/client';
import { CONNECTIONS, lua, runWrk, SECONDS, wrkScript, type WrkResult } from '../lib/wrk';
import { sampleWaits } from '../lib/waits';
import { runSlices, sliceTrouble, type Slice } from '../lib/slices';

/** Slices of the fresh portal's measurement (BENCH_FRESH_SLICES, 0 leaves it out) and their length. */
const FRESH_SLICES = Number(process.env.BENCH_FRESH_SLICES ?? 6);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 10);

const MEMBERS = 64;
const ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';
const PASSWORD = 'Bench-Member-Pass-2026';

async function newMember(baseUrl: string, username: string) {
  const res = await call(baseUrl, 'POST', '/api/auth/register', {
    body: {
      username,
      email: `${username}@bench.local`,
      fullName: `Bench ${username}`,
      password: PASSWORD,
      sponsor: 'company',
    },
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return { username, ...(await signIn(baseUrl, username, PASSWORD)) };
}

/** A random sender, a random other receiver (or the shared one), a fresh Idempotency-Key each time. */
function transferScript(tag: string, tokens: string[], names: string[], shared: string | null) {
  const globals = `local tokens = { ${tokens.map(lua).join(', ')} }
local names = { ${names.map(lua).join(', ')} }
local shared = ${shared ? lua(shared) : 'nil'}`;
  return wrkScript(
    globals,
    `  local s = math.random(#tokens)
  local r = shared
  if r == nil then
    local j = math.random(#names - 1)
    if j >= s then j = j + 1 end
    r = names[j]
  end
  return wrk.format("POST", "/api/transfers", {
    ["content-type"] = "application/json",
    ["authorization"] = "Bearer " .. tokens[s],
    ["idempotency-key"] = "${tag}-" .. tid .. "-" .. n,
  }, '{"toUsername":"' .. r .. '","amount":"1.25"}')`,
  );
}

const connections = (n: number) => `${n} connection${n === 1 ? '' : 's'}`;

interface Shape {
  name: string;
  unit: string;
  script: (tag: string) => string;
  urlPath: string;
  threads?: number;
  connections?: number;
  /** A latency-only shape (one connection) has no rate to compare with pgbench's. */
  latencyOnly?: boolean;
}

/** One shape measured: wrk for SECONDS, then pgbench beside it; its figures and log lines. */
async function measure(
  ctx: BenchContext,
  server: ServerProcess,
  pgbench: Pgbench | null,
  dir: string,
  shape: Shape,
  tag: string,
): Promise<Figure[]> {
  // The set-up's WAL (a million members) would otherwise end in a checkpoint inside the measured window.
  if (server.databaseUrl) await withPgClient(server.databaseUrl, (client) => client.query('CHECKPOINT'));
  const waits = process.env.BENCH_WAITS === '1' && server.databaseUrl ? await sampleWaits(server.databaseUrl) : null;
  const run: WrkResult = await runWrk(
    server,
    shape.script(`${shape.name.replace(/\W/g, '')}${tag}`),
    SECONDS,
    dir,
    shape.urlPath,
    shape,
  );
  const profile = await waits?.stop();
  const perSecond = run.ok / run.seconds;
  const refused = run.other + run.socketErrors;
  const per = (cpu: number) => round((cpu * 1000) / run.ok, 2);
  ctx.log(
    `${shape.name}: ${run.ok} ${shape.unit}s in ${run.seconds.toFixed(1)} s, p50 ${run.p50.toFixed(1)} ms, p90 ${run.p90.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms${refused ? `; ${run.other} other answers, ${run.socketErrors} socket errors, first: ${run.first}` : ''}`,
  );
  ctx.log(`  CPU per ${shape.unit}: API process ${per(run.apiCpu)} ms, database ${per(run.dbCpu)} ms`);
  if (profile)
    ctx.log(
      `  backends by state (average): ${profile.map((w) => `${w.state} ${w.backends.toFixed(2)}`).join(', ') || 'none active'}`,
    );
  const figures: Figure[] = [
    {
      metric: `${shape.unit}s/s, ${shape.name}`,
      value: round(perSecond, 1),
      unit: '/s',
      note: `wrk, ${connections(shape.connections ?? CONNECTIONS)}${refused ? `; ${refused} not 201` : ''}`,
    },
    { metric: `latency p50, ${shape.name}`, value: round(run.p50, 1), unit: 'ms' },
    { metric: `latency p90, ${shape.name}`, value: round(run.p90, 1), unit: 'ms' },
    { metric: `latency p99, ${shape.name}`, value: round(run.p99, 1), unit: 'ms' },
    { metric: `API CPU per ${shape.unit}, ${shape.name}`, value: per(run.apiCpu), unit: 'ms' },
  ];
  if (server.databaseUrl)
    figures.push({ metric: `database CPU per ${shape.unit}, ${shape.name}`, value: per(run.dbCpu), unit: 'ms' });
  if (pgbench && !shape.latencyOnly) {
    const tpcb = await pgbench.run();
    ctx.log(
      `  pgbench beside it: ${tpcb.tps} tx/s, database CPU ${tpcb.cpuMsPerTx.toFixed(2)} ms per transaction; ratio ${(perSecond / tpcb.tps).toFixed(3)}`,
    );
    figures.push(
      {
        metric: `pgbench TPC-B beside ${shape.name}`,
        value: tpcb.tps,
        unit: 'tx/s',
        note: 'scale 10, 8 clients, 2 threads',
      },
      { metric: `database CPU per pgbench tx`, value: round(tpcb.cpuMsPerTx, 2), unit: 'ms' },
      { metric: `ratio to pgbench, ${shape.name}`, value: round(perSecond / tpcb.tps, 3), unit: '×' },
    );
  }
  return figures;
}

/**
 * The fresh portal as a user meets it: no ANALYZE of the bench's own (what
 * the portal keeps, it keeps itself), random pairs in slices; each slice's
 * rate, the first and the last beside pgbench, and last ÷ first (goal ≥ 0.8).
 */
async function measureFresh(
  ctx: BenchContext,
  server: ServerProcess,
  pgbench: Pgbench | null,
  dir: string,
  script: (tag: string) => string,
): Promise<Figure[]> {
  const slices: Slice[] = await runSlices(
    server,
    script,
    dir,
    '/api/transfers',
    { sliceSeconds: SLICE_SECONDS, slices: FRESH_SLICES },
    (slice, i) =>
      ctx.log(
        `fresh portal, slice ${i + 1}: ${Math.round(slice.rate)} transfers/s (p99 ${slice.p99.toFixed(1)} ms; CPU ${slice.cpuMs.toFixed(2)} ms each; ${slice.total} so far)${sliceTrouble(slice)}`,
      ),
  );
  const first = slices[0]!.rate;
  const last = slices[slices.length - 1]!.rate;
  const cpuGrowth = slices[slices.length - 1]!.cpuMs / slices[0]!.cpuMs;
  const tps = pgbench ? (await pgbench.run()).tps : undefined;
  ctx.log(
    `fresh portal: first slice ${Math.round(first)}/s, last ${Math.round(last)}/s, last ÷ first ${(last / first).toFixed(2)}${tps ? `; pgbench beside it ${tps} tx/s, ratios ${(first / tps).toFixed(3)} → ${(last / tps).toFixed(3)}` : ''}`,
  );
  const figures: Figure[] = [
    {
      metric: 'transfers/s, fresh portal, first slice',
      value: round(first, 1),
      unit: '/s',
      note: `${SLICE_SECONDS} s, no ANALYZE by the bench`,
    },
    {
      metric: 'transfers/s, fresh portal, last slice',
      value: round(last, 1),
      unit: '/s',
      note: `slice ${slices.length}`,
    },
    { metric: 'last ÷ first slice, fresh portal', value: round(last / first, 3), unit: '×', note: 'goal ≥ 0.8' },
    {
      metric: 'CPU per transfer, last ÷ first slice, fresh portal',
      value: round(cpuGrowth, 3),
      unit: '×',
      note: `${slices[0]!.cpuMs.toFixed(2)} → ${slices[slices.length - 1]!.cpuMs.toFixed(2)} ms, API and database`,
    },
  ];
  if (tps)
    figures.push(
      {
        metric: 'pgbench TPC-B beside the fresh portal',
        value: tps,
        unit: 'tx/s',
        note: 'scale 10, 8 clients, 2 threads',
      },
      { metric: 'ratio to pgbench, fresh portal, first slice', value: round(first / tps, 3), unit: '×' },
      { metric: 'ratio to pgbench, fresh portal, last slice', value: round(last / tps, 3), unit: '×' },
    );
  return figures;
}

/**
 * Statistics of the tables as the warm-up left them, as a running portal's
 * are. Without it the ledger's tables keep the statistics of the ANALYZE
 * after the network was generated (empty), each connection caches plans that
 * scan them whole (the foreign-key checks, the zero-sum check at commit), and
 * every transfer grows dearer as they fill until autovacuum analyzes them at
 * an unpredictable moment of the run: the same code measured 235 to 1,088
 * transfers/s.
 */
async function analyze(server: ServerProcess) {
  if (server.databaseUrl) await withPgClient(server.databaseUrl, (client) => client.query('ANALYZE'));
}

/** The books must still balance after the run, or the figures mean nothing. */
async function assertBalanced(databaseUrl: string) {
  const { rows } = await withPgClient(databaseUrl, (client) =>
    client.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        GROUP BY p.entry_id, a.unit HAVING sum(p.amount) <> 0) x`,
    ),
  );
  if (rows[0]!.bad !== 0) throw new Error(`${rows[0]!.bad} unbalanced entries after the run`);
}

const scenario: Scenario = {
  name: 'transfers',
  description: `the money paths (transfers, purchases) driven by wrk (${CONNECTIONS} connections, ${SECONDS} s per shape) against a server process, beside pgbench TPC-B`,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const extraEnv = Object.fromEntries(
      (process.env.BENCH_SERVER_ENV ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    const server = await startServerProcess({
      databaseUrl: ctx.databaseUrl,
      adminPassword: ADMIN_PASSWORD,
      env: extraEnv,
    });
    const pgbench = ctx.databaseUrl ? openPgbench(ctx.databaseUrl) : null;
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
    const figures: Figure[] = [];
    try {
      const { baseUrl } = server;
      // The network is generated into an empty one, before the transfer members register.
      const buyerIds =
        server.databaseUrl && purchaseMembers() > 0 ? await generatePurchaseNetwork(server, ctx.log) : [];
      const admin = await signIn(baseUrl, 'admin', ADMIN_PASSWORD);
      await enableAdminTwoFactor(baseUrl, admin.token);
      const tag = Date.now().toString(36);
      const members = [];
      for (let i = 0; i < MEMBERS; i += 1) members.push(await newMember(baseUrl, `bm${tag}${i}`));
      const receiver = await newMember(baseUrl, `bh${tag}`);
      for (const member of members) await fundDeposit(baseUrl, admin.token, member.id, '10000000');
      const tokens = members.map((m) => m.token);
      const names = members.map((m) => m.username);
      ctx.log(
        `${MEMBERS} members funded, one shared receiver; server pid ${server.pid}${Object.keys(extraEnv).length ? ` with ${process.env.BENCH_SERVER_ENV}` : ''}`,
      );
      if (FRESH_SLICES > 0)
        figures.push(
          ...(await measureFresh(ctx, server, pgbench, dir, (t) =>
            transferScript(`fresh${tag}${t}`, tokens, names, null),
          )),
        );
      ctx.log('warming up');
      await runWrk(server, transferScript(`warm${tag}`, tokens, names, null), 3, dir, '/api/transfers');
      await analyze(server);

      const shapes: Shape[] = [
        {
          name: 'random pairs',
          unit: 'transfer',
          urlPath: '/api/transfers',
          script: (t) => transferScript(t, tokens, names, null),
        },
        {
          name: 'one shared receiver',
          unit: 'transfer',
          urlPath: '/api/transfers',
          script: (t) => transferScript(t, tokens, names, receiver.username),
        },
      ];
      if (buyerIds.length) {
        const buyers = await purchaseShape(server, admin.token, buyerIds);
        const script = (t: string) => wrkScript(buyers.globals, buyers.request(t));
        await runWrk(server, script(`warmbuy${tag}`), 3, dir, '/api/purchases', { threads: buyers.buyers });
        await analyze(server);
        shapes.push({
          name: `${buyers.buyers} buyers on the ${purchaseMembers().toLocaleString('en-US')}-member network`,
          unit: 'purchase',
          urlPath: '/api/purchases',
          script,
          threads: buyers.buyers,
        });
        // The latency of a purchase that queues behind no other: buyer 1 alone.
        shapes.push({
          name: 'one buyer alone',
          unit: 'purchase',
          urlPath: '/api/purchases',
          script,
          threads: 1,
          connections: 1,
          latencyOnly: true,
        });
      }
      for (const shape of shapes) figures.push(...(await measure(ctx, server, pgbench, dir, shape, tag)));
      if (server.databaseUrl) await assertBalanced(server.databaseUrl);
    } finally {
      await server.close();
      pgbench?.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};

export default scenario;

/**
 * Transfers end to end, as a client sees them: `wrk` (a C load generator)
 * drives POST /api/transfers with a Lua script against a real server process
 * started as `npm run serve` starts it, 16 connections, and PostgreSQL's own
 * pgbench (TPC-B, scale 10, 8 clients, 2 threads) runs beside each shape in
 * the same invocation, so the ratio portal/pgbench cancels the machine's
 * noise. Two shapes among 64 funded members: random sender/receiver pairs,
 * and every sender paying one shared receiver (its wallet row is the hot
 * lock). Also printed: the CPU the database's backends and the API process
 * spent per transfer (from /proc), against pgbench's per transaction.
 *
 * BENCH_SECONDS (default 10) per shape, BENCH_CONNECTIONS (16),
 * BENCH_SERVER_ENV (extra server variables, `A=1 B=2`), BENCH_PORT.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { cpuSeconds, watchBackends } from '../lib/cpu';
import { openPgbench } from '../lib/pgbench';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { startServerProcess, type ServerProcess } from '../lib/server';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = 64;
const ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';
const PASSWORD = 'Bench-Member-Pass-2026';

async function call<T>(baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signIn(baseUrl: string, username: string, password: string) {
  const res = await call<{ accessToken: string; user: { id: number } }>(baseUrl, 'POST', '/api/auth/login', {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status}`);
  return { token: res.body.accessToken, id: res.body.user.id };
}

async function newMember(baseUrl: string, username: string) {
  const res = await call(baseUrl, 'POST', '/api/auth/register', {
    body: { username, email: `${username}@bench.local`, fullName: `Bench ${username}`, password: PASSWORD, sponsor: 'company' },
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return { username, ...(await signIn(baseUrl, username, PASSWORD)) };
}

const lua = (s: string) => JSON.stringify(s);

/** The wrk script: a random sender, a random other receiver (or the shared one), a fresh Idempotency-Key each time. */
function wrkScript(tag: string, tokens: string[], names: string[], shared: string | null) {
  return `
local tokens = { ${tokens.map(lua).join(', ')} }
local names = { ${names.map(lua).join(', ')} }
local shared = ${shared ? lua(shared) : 'nil'}
local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end
function init(args)
  math.randomseed(os.time() + tid * 7919)
  n = 0
  ok = 0
  other = 0
  first = ""
end
function request()
  n = n + 1
  local s = math.random(#tokens)
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
  }, '{"toUsername":"' .. r .. '","amount":"1.25"}')
end
function response(status, headers, body)
  if status == 201 then ok = ok + 1 else
    other = other + 1
    if first == "" then first = status .. " " .. string.sub(body, 1, 160) end
  end
end
function done(summary, latency, requests)
  local okAll, otherAll, firstAll = 0, 0, ""
  for _, t in ipairs(threads) do
    okAll = okAll + t:get("ok")
    otherAll = otherAll + t:get("other")
    if firstAll == "" then firstAll = t:get("first") end
  end
  io.write(string.format('RESULT {"ok":%d,"other":%d,"seconds":%f,"p50":%f,"p99":%f,"socketErrors":%d,"first":%q}\\n',
    okAll, otherAll, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, firstAll))
end
`;
}

interface WrkResult {
  ok: number;
  other: number;
  seconds: number;
  p50: number;
  p99: number;
  socketErrors: number;
  first: string;
}

async function runWrk(server: ServerProcess, script: string, seconds: number, dir: string): Promise<WrkResult & { apiCpu: number; dbCpu: number }> {
  const file = path.join(dir, `wrk-${Date.now()}.lua`);
  writeFileSync(file, script);
  const api0 = cpuSeconds(server.pid);
  const db = server.databaseUrl ? await watchBackends(server.databaseUrl, new URL(server.databaseUrl).pathname.slice(1)) : null;
  const { stdout } = await promisify(execFile)('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', file, `${server.baseUrl}/api/transfers`], { encoding: 'utf8' });
  const dbCpu = db ? await db.stop() : 0;
  const apiCpu = cpuSeconds(server.pid) - api0;
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  return { ...(JSON.parse(line.slice(7)) as WrkResult), apiCpu, dbCpu };
}

const scenario: Scenario = {
  name: 'transfers',
  description: `POST /api/transfers driven by wrk (${CONNECTIONS} connections, ${SECONDS} s per shape) against a server process, beside pgbench TPC-B`,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const extraEnv = Object.fromEntries(
      (process.env.BENCH_SERVER_ENV ?? '').split(/\s+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    const server = await startServerProcess({ databaseUrl: ctx.databaseUrl, adminPassword: ADMIN_PASSWORD, env: extraEnv });
    const pgbench = ctx.databaseUrl ? openPgbench(ctx.databaseUrl) : null;
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
    const figures: Figure[] = [];
    try {
      const { baseUrl } = server;
      const admin = await signIn(baseUrl, 'admin', ADMIN_PASSWORD);
      const tag = Date.now().toString(36);
      const members = [];
      for (let i = 0; i < MEMBERS; i += 1) members.push(await newMember(baseUrl, `bm${tag}${i}`));
      const receiver = await newMember(baseUrl, `bh${tag}`);
      for (const member of members) {
        const res = await call(baseUrl, 'POST', `/api/admin/members/${member.id}/adjustments`, {
          token: admin.token,
          body: { wallet: 'deposit', direction: 'credit', amount: '10000000', reason: 'Benchmark funding' },
        });
        if (res.status !== 201) throw new Error(`funding: ${res.status}`);
      }
      const tokens = members.map((m) => m.token);
      const names = members.map((m) => m.username);
      ctx.log(`${MEMBERS} members funded, one shared receiver; server pid ${server.pid}${Object.keys(extraEnv).length ? ` with ${process.env.BENCH_SERVER_ENV}` : ''}; warming up`);
      await runWrk(server, wrkScript(`warm${tag}`, tokens, names, null), 3, dir);

      for (const [shape, shared] of [
        ['random pairs', null],
        ['one shared receiver', receiver.username],
      ] as const) {
        const run = await runWrk(server, wrkScript(`${shape.replace(/\W/g, '')}${tag}`, tokens, names, shared), SECONDS, dir);
        const perSecond = run.ok / run.seconds;
        const refused = run.other + run.socketErrors;
        ctx.log(`${shape}: ${run.ok} transfers in ${run.seconds.toFixed(1)} s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms${refused ? `; ${run.other} other answers, ${run.socketErrors} socket errors, first: ${run.first}` : ''}`);
        ctx.log(`  CPU per transfer: API process ${((run.apiCpu * 1000) / run.ok).toFixed(2)} ms, database ${((run.dbCpu * 1000) / run.ok).toFixed(2)} ms`);
        figures.push(
          { metric: `transfers/s, ${shape}`, value: round(perSecond, 1), unit: 'tx/s', note: `wrk, ${CONNECTIONS} connections${refused ? `; ${refused} not 201` : ''}` },
          { metric: `latency p50, ${shape}`, value: round(run.p50, 1), unit: 'ms' },
          { metric: `latency p99, ${shape}`, value: round(run.p99, 1), unit: 'ms' },
          { metric: `API CPU per transfer, ${shape}`, value: round((run.apiCpu * 1000) / run.ok, 2), unit: 'ms' },
        );
        if (server.databaseUrl) figures.push({ metric: `database CPU per transfer, ${shape}`, value: round((run.dbCpu * 1000) / run.ok, 2), unit: 'ms' });
        if (pgbench) {
          const tpcb = await pgbench.run();
          ctx.log(`  pgbench beside it: ${tpcb.tps} tx/s, database CPU ${tpcb.cpuMsPerTx.toFixed(2)} ms per transaction; ratio ${(perSecond / tpcb.tps).toFixed(3)}`);
          figures.push(
            { metric: `pgbench TPC-B beside ${shape}`, value: tpcb.tps, unit: 'tx/s', note: 'scale 10, 8 clients, 2 threads' },
            { metric: `database CPU per pgbench tx`, value: round(tpcb.cpuMsPerTx, 2), unit: 'ms' },
            { metric: `ratio to pgbench, ${shape}`, value: round(perSecond / tpcb.tps, 3), unit: '×' },
          );
        }
      }

      if (server.databaseUrl) {
        // The books must still balance after the run, or the figures mean nothing.
        const client = new pg.Client({ connectionString: server.databaseUrl });
        await client.connect();
        const { rows } = await client.query<{ bad: number }>(
          `SELECT count(*)::int AS bad FROM (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
            GROUP BY p.entry_id, a.unit HAVING sum(p.amount) <> 0) x`,
        );
        await client.end();
        if (rows[0]!.bad !== 0) throw new Error(`${rows[0]!.bad} unbalanced entries after the run`);
      }
    } finally {
      await server.close();
      pgbench?.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};

export default scenario;

/**
 * The books as they grow: one fresh portal (a server process, as `npm run
 * serve` starts it), 64 funded members, random transfers driven by wrk
 * (16 connections) in slices of BENCH_SLICE_SECONDS (10 s) until
 * BENCH_LONG_TRANSFERS (1,000,000) transfers are in its one database or
 * BENCH_LONG_SECONDS (600) have passed, with no ANALYZE by the bench. Prints
 * the rate of the slice holding the 10,000th transfer and each 100,000th,
 * and the last ÷ the 10,000th (goal ≥ 0.8); pgbench beside it at the start
 * and at the end. `npm run bench -- transfers-long`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, enableAdminTwoFactor, fundDeposit, signIn } from '../lib/client';
import { openPgbench } from '../lib/pgbench';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { startServerProcess } from '../lib/server';
import { runSlices, sliceAt, sliceTrouble } from '../lib/slices';
import { lua, wrkScript } from '../lib/wrk';

const MEMBERS = 64;
const ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';
const PASSWORD = 'Bench-Member-Pass-2026';
const TRANSFERS = Number(process.env.BENCH_LONG_TRANSFERS ?? 1_000_000);
const MAX_SECONDS = Number(process.env.BENCH_LONG_SECONDS ?? 600);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 10);
const STEP = 100_000;

function script(tag: string, tokens: string[], names: string[]) {
  return wrkScript(
    `local tokens = { ${tokens.map(lua).join(', ')} }
local names = { ${names.map(lua).join(', ')} }`,
    `  local s = math.random(#tokens)
  local j = math.random(#names - 1)
  if j >= s then j = j + 1 end
  return wrk.format("POST", "/api/transfers", {
    ["content-type"] = "application/json",
    ["authorization"] = "Bearer " .. tokens[s],
    ["idempotency-key"] = "${tag}-" .. tid .. "-" .. n,
  }, '{"toUsername":"' .. names[j] .. '","amount":"1.25"}')`,
  );
}

const scenario: Scenario = {
  name: 'transfers-long',
  description: `up to ${TRANSFERS.toLocaleString('en-US')} random transfers (or ${MAX_SECONDS} s) into one fresh portal, the rate per 100,000`,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const server = await startServerProcess({ databaseUrl: ctx.databaseUrl, adminPassword: ADMIN_PASSWORD });
    const pgbench = ctx.databaseUrl ? openPgbench(ctx.databaseUrl) : null;
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-long-'));
    try {
      const { baseUrl } = server;
      const admin = await signIn(baseUrl, 'admin', ADMIN_PASSWORD);
      await enableAdminTwoFactor(baseUrl, admin.token);
      const tag = Date.now().toString(36);
      const members: Array<{ username: string; token: string; id: number }> = [];
      for (let i = 0; i < MEMBERS; i += 1) {
        const username = `bl${tag}${i}`;
        const res = await call(baseUrl, 'POST', '/api/auth/register', {
          body: {
            username,
            email: `${username}@bench.local`,
            fullName: `Bench ${username}`,
            password: PASSWORD,
            sponsor: 'company',
          },
        });
        if (res.status !== 201) throw new Error(`register ${username}: ${res.status}`);
        members.push({ username, ...(await signIn(baseUrl, username, PASSWORD)) });
      }
      for (const member of members) await fundDeposit(baseUrl, admin.token, member.id, '100000000');
      const tokens = members.map((m) => m.token);
      const names = members.map((m) => m.username);
      const before = pgbench ? (await pgbench.run()).tps : undefined;
      ctx.log(`${MEMBERS} members funded; server pid ${server.pid}${before ? `; pgbench ${before} tx/s` : ''}`);

      const started = Date.now();
      const slices = await runSlices(
        server,
        (t) => script(`long${tag}${t}`, tokens, names),
        dir,
        '/api/transfers',
        { sliceSeconds: SLICE_SECONDS, stopAt: TRANSFERS, maxSeconds: MAX_SECONDS },
        (slice, i) => {
          if (i % 6 === 5 || slice.other || slice.socketErrors)
            ctx.log(
              `${((Date.now() - started) / 1000).toFixed(0)} s: ${slice.total.toLocaleString('en-US')} transfers, ${Math.round(slice.rate)}/s in the last slice, CPU ${slice.cpuMs.toFixed(2)} ms each${sliceTrouble(slice)}`,
            );
        },
      );
      const after = pgbench ? (await pgbench.run()).tps : undefined;
      const total = slices[slices.length - 1]!.total;
      const at10k = sliceAt(slices, 10_000)!.rate;
      const last = slices[slices.length - 1]!.rate;
      const figures: Figure[] = [
        {
          metric: 'transfers in the run',
          value: total,
          unit: '',
          note: `${((Date.now() - started) / 1000).toFixed(0)} s`,
        },
        {
          metric: 'transfers/s at 10,000',
          value: round(at10k, 1),
          unit: '/s',
          note: `the slice holding it, ${SLICE_SECONDS} s`,
        },
      ];
      ctx.log(`at 10,000: ${Math.round(at10k)}/s`);
      for (let n = STEP; n <= total; n += STEP) {
        const { rate, cpuMs } = sliceAt(slices, n)!;
        ctx.log(
          `at ${n.toLocaleString('en-US')}: ${Math.round(rate)}/s (${(rate / at10k).toFixed(2)} of the rate at 10,000), CPU ${cpuMs.toFixed(2)} ms each`,
        );
        figures.push({ metric: `transfers/s at ${n.toLocaleString('en-US')}`, value: round(rate, 1), unit: '/s' });
      }
      const cpuAt10k = sliceAt(slices, 10_000)!.cpuMs;
      const cpuLast = slices[slices.length - 1]!.cpuMs;
      ctx.log(`last slice: ${Math.round(last)}/s, ${(last / at10k).toFixed(2)} of the rate at 10,000 (goal ≥ 0.8)`);
      ctx.log(`CPU per transfer: ${cpuAt10k.toFixed(2)} ms at 10,000, ${cpuLast.toFixed(2)} ms in the last slice`);
      figures.push({
        metric: 'CPU per transfer, last slice ÷ at 10,000',
        value: round(cpuLast / cpuAt10k, 3),
        unit: '×',
        note: `${cpuAt10k.toFixed(2)} → ${cpuLast.toFixed(2)} ms, API and database`,
      });
      figures.push({
        metric: 'last slice ÷ rate at 10,000',
        value: round(last / at10k, 3),
        unit: '×',
        note: 'goal ≥ 0.8',
      });
      if (before && after) {
        ctx.log(`pgbench: ${before} tx/s before, ${after} after`);
        figures.push(
          { metric: 'pgbench TPC-B before the run', value: before, unit: 'tx/s' },
          { metric: 'pgbench TPC-B after the run', value: after, unit: 'tx/s' },
        );
      }
      return figures;
    } finally {
      await server.close();
      pgbench?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default scenario;

/**
 * Driving the portal with wrk (a C load generator) against a server process:
 * one Lua skeleton whose `request()` body each shape writes. wrk counts 201s and everything
 * else, and prints one RESULT line (the answer count, p50/p90/p99 in ms) that
 * `runWrk` reads, with the CPU the API process and the database's backends
 * spent meanwhile.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { cpuSeconds, watchBackends } from './cpu';
import type { ServerProcess } from './server';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export const lua = (s: string) => JSON.stringify(s);

/**
 * A wrk script: `globals` (Lua declarations) and `request` (the body of
 * `request()`, which returns `wrk.format(...)`; `n` is the thread's request
 * count and `tid` the thread's number, for fresh Idempotency-Keys).
 */
export function wrkScript(globals: string, request: string) {
  return `
${globals}
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
${request}
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
  io.write(string.format('RESULT {"ok":%d,"other":%d,"seconds":%f,"p50":%f,"p90":%f,"p99":%f,"socketErrors":%d,"first":%q}\\n',
    okAll, otherAll, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, firstAll))
end
`;
}

export interface WrkResult {
  ok: number;
  other: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  socketErrors: number;
  first: string;
  /** CPU seconds of the API process and of the bench database's backends during the run. */
  apiCpu: number;
  dbCpu: number;
}

/** `threads`: wrk's threads, the connections shared among them (as many threads as connections: `tid` names the connection). */
export async function runWrk(
  server: ServerProcess,
  script: string,
  seconds: number,
  dir: string,
  urlPath: string,
  { threads = 2, connections = CONNECTIONS }: { threads?: number; connections?: number } = {},
): Promise<WrkResult> {
  const file = path.join(dir, `wrk-${Date.now()}.lua`);
  writeFileSync(file, script);
  const api0 = cpuSeconds(server.pid);
  const db = server.databaseUrl
    ? await watchBackends(server.databaseUrl, new URL(server.databaseUrl).pathname.slice(1))
    : null;
  const { stdout } = await promisify(execFile)(
    'wrk',
    [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', file, `${server.baseUrl}${urlPath}`],
    {
      encoding: 'utf8',
    },
  );
  const dbCpu = db ? await db.stop() : 0;
  const apiCpu = cpuSeconds(server.pid) - api0;
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  return { ...(JSON.parse(line.slice(7)) as Omit<WrkResult, 'apiCpu' | 'dbCpu'>), apiCpu, dbCpu };
}

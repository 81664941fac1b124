import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/api/src/platform/chain/anvil';
import { scratchDatabase } from '../../apps/api/src/platform/db/scratch-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Scratch databases and pgbench's are named with this prefix (BENCH_DB_PREFIX, default `bench_`). */
export const dbPrefix = () => process.env.BENCH_DB_PREFIX ?? 'bench_';

/** A scratch database on the server of `databaseUrl`, named for the benchmarks (dropped by the caller). */
export function benchDatabase(databaseUrl: string, tag: string): { url: string; drop: () => void } {
  return scratchDatabase(databaseUrl, `${dbPrefix()}${tag}_${process.pid}_${Date.now().toString(36)}`);
}

export interface ServerProcess {
  baseUrl: string;
  /** The scratch database's URL (PostgreSQL only). */
  databaseUrl?: string;
  pid: number;
  close(): Promise<void>;
}

/**
 * The portal as `npm run serve` runs it: its own process (`tsx
 * apps/api/src/main.ts`), the environment's defaults but for the database, a
 * port (BENCH_PORT or a free one) and the admin password. `env` adds or
 * overrides variables (LOG_LEVEL, WEB_CONCURRENCY, NODE_OPTIONS=--cpu-prof…).
 */
export async function startServerProcess(options: {
  databaseUrl?: string;
  adminPassword: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  let dataDir: string | undefined;
  let scratch: { url: string; drop: () => void } | undefined;
  if (options.databaseUrl) scratch = benchDatabase(options.databaseUrl, 'srv');
  else dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  // BENCH_NODE_ARGS: node flags for the server (`--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/main.ts'], {
    // BENCH_SERVER_ROOT: another checkout's server (an earlier commit, for a before/after in the same conditions).
    cwd: process.env.BENCH_SERVER_ROOT || root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      // Production requires it; a scratch key per run (the bench never sets up two-factor).
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // The bench registers its members from one address.
      REGISTRATIONS_PER_HOUR: '1000000',
      ADMIN_PASSWORD: options.adminPassword,
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '', DATA_DIR: dataDir! }),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  const fail = (message: string) => {
    child.kill('SIGKILL');
    scratch?.drop();
    return new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw fail('the server did not start in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    databaseUrl: scratch?.url,
    pid: child.pid!,
    async close() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      // BENCH_KEEP_DB=1 leaves the scratch database for a look afterwards (drop it yourself).
      if (process.env.BENCH_KEEP_DB) console.log(`  kept ${scratch?.url ?? dataDir}`);
      else scratch?.drop();
      if (dataDir && !process.env.BENCH_KEEP_DB) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { watchBackends } from './cpu';
import type { Figure } from './scenario';
import { postgresCli } from '../../apps/api/src/platform/db/scratch-database';
import { dbPrefix } from './server';

const SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);

/**
 * PostgreSQL's own TPC-B rate on the same server, measured in the same run,
 * so the portal's figures can be read against what the database can do:
 * scale 10, 8 clients, 2 threads. Uses a scratch database (named with
 * BENCH_DB_PREFIX) and removes it afterwards. Skipped without a server.
 */
export async function measurePgbench(databaseUrl?: string): Promise<Figure | undefined> {
  if (!databaseUrl) return undefined;
  const bench = openPgbench(databaseUrl);
  try {
    const { tps } = await bench.run();
    return { scenario: 'pgbench', metric: `TPC-B scale ${SCALE}, 8 clients, 2 threads`, value: tps, unit: 'tx/s' };
  } catch (error) {
    return {
      scenario: 'pgbench',
      metric: 'TPC-B, 8 clients',
      value: 'n/a',
      unit: 'tx/s',
      note: `pgbench unavailable: ${(error as Error).message.split('\n')[0]}`,
    };
  } finally {
    bench.close();
  }
}

export type Pgbench = ReturnType<typeof openPgbench>;

/** A pgbench database initialised once, run as often as needed (beside each measured shape), dropped at close. */
export function openPgbench(databaseUrl: string) {
  const { args, env } = postgresCli(databaseUrl);
  const scratch = `${dbPrefix()}pgbench_${process.pid}`;
  let ready = false;
  return {
    /** TPC-B tx/s, and the database's CPU per transaction (ms). */
    async run(): Promise<{ tps: number; cpuMsPerTx: number }> {
      if (!ready) {
        execFileSync('createdb', [...args, scratch], { env, stdio: 'ignore' });
        execFileSync('pgbench', [...args, '-i', '-s', String(SCALE), '-q', scratch], { env, stdio: 'ignore' });
        ready = true;
      }
      const url = new URL(databaseUrl);
      url.pathname = '/postgres';
      const cpu = await watchBackends(url.toString(), scratch);
      const { stdout } = await promisify(execFile)(
        'pgbench',
        [...args, '-c', '8', '-j', '2', '-T', String(SECONDS), scratch],
        { env, encoding: 'utf8' },
      );
      const cpuSeconds = await cpu.stop();
      const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
      const count = /number of transactions actually processed: (\d+)/.exec(stdout)?.[1];
      if (!tps || !count) throw new Error(`pgbench printed no tps: ${stdout}`);
      return { tps: Math.round(Number(tps)), cpuMsPerTx: (cpuSeconds * 1000) / Number(count) };
    },
    close() {
      try {
        execFileSync('dropdb', [...args, '--if-exists', scratch], { env, stdio: 'ignore' });
      } catch {
        /* nothing to drop */
      }
    },
  };
}

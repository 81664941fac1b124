import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU used by the PostgreSQL backends serving one database (the server is
 * local, so /proc sees them), polled twice a second during a run so that
 * backends which come and go (pgbench's) are counted too. `stop()` answers
 * the CPU seconds they spent since `start`, whoever else shares the machine.
 */
export async function watchBackends(databaseUrl: string, database: string): Promise<{ stop(): Promise<number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const baseline = new Map<number, number>();
  const latest = new Map<number, number>();
  let first = true;
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (!baseline.has(pid)) baseline.set(pid, first ? seconds : 0);
      if (seconds > 0) latest.set(pid, seconds);
    }
    first = false;
  };
  await sample();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    // The samples run beside the benchmark; stop() waits for the one in flight through `busy`.
    void sample().finally(() => (busy = false));
  }, 500);
  return {
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
      await sample();
      await client.end();
      let total = 0;
      for (const [pid, seconds] of latest) total += seconds - (baseline.get(pid) ?? 0);
      return total;
    },
  };
}

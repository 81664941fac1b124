import pg from 'pg';

/**
 * What the portal's backends are doing during a run, from
 * `pg_stat_activity` sampled every 10 ms (BENCH_WAITS=1): for each state
 * (`CPU`, or the wait event: `Lock:tuple`, `LWLock:WALWrite`, `IO:WALSync`
 * …), how many backends were in it on average. The profile of
 * docs/performance.md: a hot row shows as backends queued on `Lock:*`,
 * commits queued on the WAL as `LWLock:WALWrite`.
 */
export async function sampleWaits(
  databaseUrl: string,
): Promise<{ stop(): Promise<Array<{ state: string; backends: number }>> }> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS state FROM pg_stat_activity
          WHERE datname = $1 AND state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        [database],
      );
      for (const { state } of rows) counts.set(state, (counts.get(state) ?? 0) + 1);
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return [...counts]
        .map(([state, n]) => ({ state, backends: n / Math.max(samples, 1) }))
        .filter((w) => w.backends >= 0.05)
        .sort((a, b) => b.backends - a.backends);
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type TestPortal } from '../../harness';
import { sql } from '../../../src/platform/db/sql';
import { ADVISORY_LOCKS } from '../../../src/platform/db/advisory-locks';
import { keepTables, tablesDue } from '../../../src/platform/db/upkeep';
import { startJobs } from '../../../src/platform/jobs';
import { sampleValue } from '../metrics/exposition';

const TOKEN = 'metrics-token-0123456789abcdef';

/**
 * The tables' upkeep (apps/api/src/platform/db/upkeep.ts), on both databases: a
 * table whose rows changed by more than a share since its last analyze is
 * analyzed (on PGlite, where nothing else does, vacuumed too), once; its
 * passes are in the metrics and /api/health.
 */
describe('the upkeep of the tables', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const reltuples = async (table: string) =>
    Number(
      (
        await portal.db.query<{ n: number }>(
          sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(${table})`,
        )
      ).rows[0]!.n,
    );

  it('analyzes (and on PGlite vacuums) the tables that grew, and only those, then finds nothing due', async () => {
    // A first pass takes what start-up left (the migrations' and bootstrap's rows).
    await keepTables(portal.ctx);
    await portal.db.transaction(async (tx) => {
      await tx.query(sql`
        WITH e AS (
          INSERT INTO journal_entries (type, memo) SELECT 'adjustment', 'upkeep ' || g FROM generate_series(1, 3000) g
          RETURNING id)
        INSERT INTO postings (entry_id, account_id, amount, balance_after)
        SELECT e.id, a.id, s.amount, NULL
          FROM e CROSS JOIN (VALUES ('adjustments', 1), ('treasury', -1)) s (code, amount)
          JOIN ledger_accounts a ON a.code = s.code`);
    });
    // PostgreSQL shows a backend's counts once it flushes them (at most a second after it goes idle).
    if (portal.db.kind === 'postgres') await portal.db.query(sql`SELECT pg_stat_force_next_flush()`);
    expect((await tablesDue(portal.db, portal.db.kind)).analyze).toEqual(
      expect.arrayContaining(['journal_entries', 'postings']),
    );

    const pass = await keepTables(portal.ctx);
    expect(pass?.analyzed).toEqual(expect.arrayContaining(['journal_entries', 'postings']));
    expect(pass?.analyzed).not.toContain('withdrawals');
    if (portal.db.kind === 'pglite')
      expect(pass?.vacuumed).toEqual(expect.arrayContaining(['journal_entries', 'postings']));
    else expect(pass?.vacuumed).toEqual([]);
    expect(await reltuples('journal_entries')).toBeGreaterThanOrEqual(3000);
    expect(await reltuples('postings')).toBeGreaterThanOrEqual(6000);
    const { rows } = await portal.db.query<{ analyzed: boolean }>(
      sql`SELECT last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables
           WHERE schemaname = current_schema() AND relname = 'postings'`,
    );
    expect(rows[0]?.analyzed).toBe(true);

    // Nothing changed since: nothing is due.
    expect(await keepTables(portal.ctx)).toBeNull();
  });

  it('skips its turn while another process holds the lock (PostgreSQL)', async () => {
    if (portal.db.kind !== 'postgres') return;
    let inside: unknown = 'not run';
    await portal.db.transaction(async (tx) => {
      await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.upkeep})`);
      inside = await keepTables(portal.ctx);
    });
    expect(inside).toBeNull();
  });

  it('reports its passes in the metrics and in /api/health', async () => {
    const scraped = await portal.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(sampleValue(scraped.body, 'portal_db_upkeep_passes')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(scraped.body, 'portal_db_upkeep_tables', { action: 'analyze' })).toBeGreaterThanOrEqual(2);
    expect(sampleValue(scraped.body, 'portal_db_upkeep_last_duration_seconds')).toBeGreaterThan(0);

    // With the process's jobs running, /api/health says what the upkeep did.
    const jobs = startJobs(portal.ctx);
    portal.ctx.jobs = jobs;
    try {
      const health = await portal.app.inject({ method: 'GET', url: '/api/health' });
      const upkeep = health.json<{
        checks: { upkeep?: { state: string; runs: number; analyzed: number; message: string } };
      }>().checks.upkeep;
      expect(upkeep).toMatchObject({ state: 'ok' });
      expect(upkeep!.runs).toBeGreaterThanOrEqual(1);
      expect(upkeep!.analyzed).toBeGreaterThanOrEqual(2);
      expect(upkeep!.message).toMatch(/upkeep pass/);
    } finally {
      delete portal.ctx.jobs;
      await jobs.stop();
    }
  });
});

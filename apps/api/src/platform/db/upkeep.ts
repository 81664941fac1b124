import type { Database, Sql } from './database';
import { sql } from './sql';
import { part, type PerProcess } from '../../per-process';
import { ADVISORY_LOCKS } from './advisory-locks';

/**
 * The tables kept as a server keeps them (docs/decisions/0049-fast-as-the-books-grow.md).
 * PGlite runs no autovacuum: nothing else ever analyzes or vacuums the
 * embedded database, so its statistics would stay those of an empty portal
 * and what updates leave behind (every balance moved) would never be
 * reclaimed, nor old transactions frozen. On PostgreSQL autovacuum does
 * both, but its analyze comes a minute or more after the portal's own bulk
 * work (a first start's tables filling, a close, an import): this analyzes
 * them within a pass.
 *
 * A table is analyzed once its rows changed by more than ANALYZE_SHARE since
 * its last analyze (autovacuum's own rule and defaults, read from
 * pg_stat_user_tables, which PGlite keeps too); on PGlite only, vacuumed once
 * updates and deletes left more than VACUUM_SHARE dead, or inserts added
 * more than INSERT_SHARE since its last vacuum (which freezes them).
 * An advisory lock held for the pass runs it in one process at a time; a
 * process that finds it taken skips its turn.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SHARE = 0.2;

interface UpkeepPass {
  analyzed: string[];
  vacuumed: string[];
  seconds: number;
}

/** What this process's passes did, for the metrics and /api/health. */
interface UpkeepRecord {
  /** Passes that found work and did it. */
  runs: number;
  analyzed: number;
  vacuumed: number;
  /** The seconds all those passes took. */
  seconds: number;
  last: (UpkeepPass & { at: Date }) | null;
}

const RECORD = part<UpkeepRecord>('the table upkeep record');

/**
 * The portal whose tables are kept: its database and its per-process state
 * (an AppContext, named by its parts so that db/ stays below context.ts).
 */
interface Upkept {
  db: Database;
  perProcess: PerProcess;
}

const recordOf = (ctx: Pick<Upkept, 'perProcess'>): UpkeepRecord =>
  ctx.perProcess.of(RECORD, () => ({ runs: 0, analyzed: 0, vacuumed: 0, seconds: 0, last: null }));

/** What this process's passes did (its context's `perProcess`). */
export const upkeepRecord = (ctx: Pick<Upkept, 'perProcess'>): Readonly<UpkeepRecord> => recordOf(ctx);

interface TableFigures {
  table: string;
  rows: number;
  changed: number;
  dead: number;
  inserted: number;
}

/** The tables of the portal's schema due an analyze (and on PGlite a vacuum), by the rules above. */
export async function tablesDue(db: Sql, kind: Database['kind']): Promise<{ analyze: string[]; vacuum: string[] }> {
  // A backend shows its counts once it flushes them; PGlite's one backend is told to when next idle.
  if (kind === 'pglite') await db.query(sql`SELECT pg_stat_force_next_flush()`);
  const { rows } = await db.query<TableFigures>(
    sql`SELECT s.relname AS "table", greatest(c.reltuples, 0)::float8 AS rows,
               s.n_mod_since_analyze::float8 AS changed, s.n_dead_tup::float8 AS dead,
               s.n_ins_since_vacuum::float8 AS inserted
          FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
         WHERE s.schemaname = current_schema()
         ORDER BY s.relname`,
  );
  return {
    analyze: rows.filter((t) => t.changed > ANALYZE_BASE + ANALYZE_SHARE * t.rows).map((t) => t.table),
    vacuum:
      kind === 'pglite'
        ? rows
            .filter(
              (t) => t.dead > VACUUM_BASE + VACUUM_SHARE * t.rows || t.inserted > INSERT_BASE + INSERT_SHARE * t.rows,
            )
            .map((t) => t.table)
        : [],
  };
}

// The names come from the catalogue; quoted all the same.
const quoted = (table: string) => `"${table.replace(/"/g, '""')}"`;

/**
 * One pass: the due tables vacuumed (PGlite) and analyzed. Null when
 * another process holds the lock or nothing was due.
 */
export async function keepTables(ctx: Upkept): Promise<UpkeepPass | null> {
  const { db } = ctx;
  const started = performance.now();
  const done = db.kind === 'postgres' ? await analyzeOnServer(db) : await keepEmbedded(db);
  if (!done || (!done.analyzed.length && !done.vacuumed.length)) return null;
  const pass = { ...done, seconds: (performance.now() - started) / 1000 };
  const record = recordOf(ctx);
  record.runs += 1;
  record.analyzed += pass.analyzed.length;
  record.vacuumed += pass.vacuumed.length;
  record.seconds += pass.seconds;
  record.last = { ...pass, at: new Date() };
  return pass;
}

/** PostgreSQL: the due tables analyzed in one transaction, under its advisory lock (autovacuum vacuums). */
async function analyzeOnServer(db: Database): Promise<Omit<UpkeepPass, 'seconds'> | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.upkeep}) AS locked`,
    );
    if (!rows[0]?.locked) return null;
    const due = await tablesDue(tx, 'postgres');
    for (const table of due.analyze) await tx.exec(`ANALYZE ${quoted(table)}`);
    return { analyzed: due.analyze, vacuumed: [] };
  });
}

/**
 * PGlite, one process by construction (it owns its folder): VACUUM cannot
 * run in a transaction, so each table is its own statement and requests go
 * on between them.
 */
async function keepEmbedded(db: Database): Promise<Omit<UpkeepPass, 'seconds'>> {
  const due = await tablesDue(db, 'pglite');
  for (const table of due.vacuum) await db.exec(`VACUUM (ANALYZE) ${quoted(table)}`);
  for (const table of due.analyze.filter((t) => !due.vacuum.includes(t))) await db.exec(`ANALYZE ${quoted(table)}`);
  return { analyzed: [...new Set([...due.analyze, ...due.vacuum])].sort(), vacuumed: due.vacuum };
}

/** The upkeep as a job of shared/job-runner.ts (its `Job`, by shape: db/ imports nothing above it): a pass every 10 s, the first 5 s after start. */
export function upkeepJob(ctx: Upkept, everyMs = 10_000) {
  return {
    name: 'table upkeep',
    everyMs,
    firstAfterMs: 5000,
    pass: async () => {
      await keepTables(ctx);
      return false;
    },
  };
}

import type { SqlQuery } from './sql';

/**
 * The one interface every service talks to. Two implementations: PostgreSQL
 * (a server, via DATABASE_URL) and PGlite (embedded, the default). Services
 * write plain parameterised SQL and never care which one runs underneath.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Sql {
  /** Runs one statement written with the `sql` tag (./sql.ts, decision 0022). */
  query<T = Record<string, unknown>>(query: SqlQuery): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/** How busy the driver is, for the metrics (metrics/collectors.ts); read without touching the database. */
export type PoolStats =
  | { kind: 'postgres'; max: number; total: number; idle: number; waiting: number }
  /** PGlite is one connection behind a mutex: `waiting` counts the statements and transactions queued for it. */
  | { kind: 'pglite'; waiting: number };

export interface Database extends Sql {
  readonly kind: 'postgres' | 'pglite';
  /** The pool's (PostgreSQL) or the mutex's (PGlite) figures at this moment. */
  stats(): PoolStats;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: calls `onNotify` with each NOTIFY on `channel` (a plain
   * identifier), and with undefined after a lost connection (notifications
   * may have been missed). Ends with `close`.
   */
  listen?(channel: string, onNotify: (payload: string | undefined) => void): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, for `DatabaseOptions.snapshot`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** PostgreSQL only: a schema to work in (tests isolate themselves this way). */
  schema?: string;
  /**
   * PGlite only: a data folder to start from, as `dumpDataDir` wrote it, instead
   * of a new cluster (apps/api/test/pglite-template.ts: the tests start from a
   * migrated one; a new cluster's initdb is most of a test portal's start).
   */
  snapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.schema);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir, options.snapshot);
}

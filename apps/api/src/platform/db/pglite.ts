import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, QueryResult, Sql } from './database';
import { statement, type SqlQuery } from './sql';
import { Mutex } from './mutex';

// Module state by choice: a pure memo of PGlite's own files, compiled once per process. Each
// PGlite.create otherwise compiles its WebAssembly anew, about a third of a test portal's start
// (apps/api/test/harness.ts opens one per test file; docs/performance.md, "CI time").
const distFile = (name: string) => readFile(new URL(name, import.meta.resolve('@electric-sql/pglite')));
let pgliteModule: Promise<WebAssembly.Module> | undefined;
let initdbModule: Promise<WebAssembly.Module> | undefined;
let fsBundle: Promise<Blob> | undefined;

/**
 * PGlite is one connection. A transaction must not see another request's
 * statements in the middle of it, so every statement and every transaction
 * takes the same mutex: transactions run one after another, which is exactly
 * what a single connection can offer, and never lose a rolled-back row.
 */
export async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // A new cluster (no snapshot, no PG_VERSION yet) runs initdb first, PGlite's other module.
  const initdb = !snapshot && (inMemory || !existsSync(path.join(dataDir, 'PG_VERSION')));
  const pg = await PGlite.create(dataDir, {
    pgliteWasmModule: await (pgliteModule ??= distFile('pglite.wasm').then((bytes) => WebAssembly.compile(bytes))),
    ...(initdb
      ? {
          initdbWasmModule: await (initdbModule ??= distFile('initdb.wasm').then((bytes) =>
            WebAssembly.compile(bytes),
          )),
        }
      : {}),
    fsBundle: await (fsBundle ??= distFile('pglite.data').then((bytes) => new Blob([bytes]))),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    // Bundled with PGlite; a PostgreSQL server has it among its contrib extensions.
    extensions: { pg_trgm },
    parsers: {
      [types.INT8]: (value: string) => Number(value),
      [types.NUMERIC]: (value: string) => value,
    },
  });
  const mutex = new Mutex();

  const toResult = <T>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<T> => ({
    rows: result.rows as T[],
    rowCount: result.affectedRows || result.rows.length,
  });

  return {
    kind: 'pglite',
    stats: () => ({ kind: 'pglite', waiting: mutex.waiting }),
    query<T>(query: SqlQuery) {
      return mutex.run(async () => toResult<T>(await pg.query(...statement(query))));
    },
    exec(script: string) {
      return mutex.run(async () => {
        await pg.exec(script);
      });
    },
    transaction<T>(work: (tx: Sql) => Promise<T>) {
      return mutex.run(() =>
        pg.transaction(async (inner) => {
          const tx: Sql = {
            async query<R>(query: SqlQuery) {
              return toResult<R>(await inner.query(...statement(query)));
            },
            async exec(script: string) {
              await inner.exec(script);
            },
          };
          return work(tx);
        }),
      );
    },
    dump() {
      return mutex.run(() => pg.dumpDataDir('none'));
    },
    async close() {
      await mutex.run(() => pg.close());
    },
  };
}

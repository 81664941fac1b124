import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database, Sql } from './database';
import { sql } from './sql';
import { ADVISORY_LOCKS } from './advisory-locks';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('../../../sql/functions', import.meta.url));

/** An applied migration whose file no longer reads as it did: start-up stops, naming it. */
export class MigrationChangedError extends Error {
  constructor(readonly file: string) {
    super(
      `Migration ${file} has changed since it was applied to this database. An applied migration is never edited: ` +
        `restore ${file} and put the change in a new migration (docs/decisions/0029-sql-functions-one-file-each.md).`,
    );
    this.name = 'MigrationChangedError';
  }
}

export interface Migrated {
  /** The numbered migrations applied by this call, in order. */
  migrations: string[];
  /** The function files (re)applied by this call: new, or changed since last applied. */
  functions: string[];
}

export interface MigrateOptions {
  /** Tests only: other folders of migrations and function files. */
  migrationsDir?: string;
  functionsDir?: string;
}

interface SqlFile {
  name: string;
  text: string;
  checksum: string;
}

/**
 * Brings the database to the schema of this code, in ONE transaction
 * (docs/decisions/0029-sql-functions-one-file-each.md):
 *
 * 1. the applied migrations are checked against their files: one applied
 *    before checksums were kept is adopted (its file's checksum recorded),
 *    one whose file changed since stops start-up (`MigrationChangedError`);
 * 2. when migrations are pending, the functions in force
 *    (`apps/api/sql/functions/<name>.sql`) that are new or changed are
 *    created first, with bodies unchecked, so that the pending migrations'
 *    triggers and data moves find them;
 * 3. the pending migrations of `apps/api/migrations`, in name order, each
 *    recorded with its checksum;
 * 4. every function file whose checksum is not the one recorded is applied
 *    (again), its body checked against the schema now in place, and recorded.
 *
 * One transaction: a start that fails anywhere changes nothing, so the
 * database stays at the schema the code before it ran on, on PGlite as on
 * PostgreSQL; nobody ever sees a half-migrated schema or a function ahead
 * of the tables it reads. On a server an advisory lock keeps two processes
 * that start together from doing it twice.
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<Migrated> {
  const migrations = readSqlFiles(options.migrationsDir ?? MIGRATIONS_DIR);
  const functions = readSqlFiles(options.functionsDir ?? FUNCTIONS_DIR);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.migration})`);
    await tx.query(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    // NULL: applied before checksums were kept (adopted below).
    await tx.query(sql`ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
    await tx.query(sql`CREATE TABLE IF NOT EXISTS schema_functions (
      name       text PRIMARY KEY,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);

    const done = new Map(
      (
        await tx.query<{ name: string; checksum: string | null }>(sql`SELECT name, checksum FROM schema_migrations`)
      ).rows.map((row) => [row.name, row.checksum]),
    );
    for (const file of migrations) {
      if (!done.has(file.name)) continue;
      const recorded = done.get(file.name);
      if (recorded === null) {
        await tx.query(sql`UPDATE schema_migrations SET checksum = ${file.checksum} WHERE name = ${file.name}`);
      } else if (recorded !== file.checksum) {
        throw new MigrationChangedError(file.name);
      }
    }

    const pending = migrations.filter((file) => !done.has(file.name));
    const inForce = new Map(
      (await tx.query<{ name: string; checksum: string }>(sql`SELECT name, checksum FROM schema_functions`)).rows.map(
        (row) => [row.name, row.checksum],
      ),
    );
    const changed = functions.filter((file) => inForce.get(file.name) !== file.checksum);

    if (pending.length > 0 && changed.length > 0) {
      // A pending migration may create a trigger on one of these functions
      // or call one in a data move; PL/pgSQL bodies are late-bound anyway,
      // and an SQL body may name a table a pending migration creates, so
      // bodies are checked in step 4, once the tables exist.
      const { rows } = await tx.query<{ setting: string }>(
        sql`SELECT current_setting('check_function_bodies') AS setting`,
      );
      await tx.query(sql`SELECT set_config('check_function_bodies', 'off', true)`);
      for (const file of changed) await tx.exec(file.text);
      await tx.query(sql`SELECT set_config('check_function_bodies', ${rows[0]!.setting}, true)`);
    }

    for (const file of pending) {
      await tx.exec(file.text);
      await tx.query(sql`INSERT INTO schema_migrations (name, checksum) VALUES (${file.name}, ${file.checksum})`);
    }

    for (const file of changed) await applyFunction(tx, file);
    // A file removed with its function (a migration drops it): a file of that
    // name coming back later must be applied again.
    const names = functions.map((file) => file.name);
    await tx.query(sql`DELETE FROM schema_functions WHERE NOT (name = ANY (${names}::text[]))`);

    return { migrations: pending.map((file) => file.name), functions: changed.map((file) => file.name) };
  });
}

async function applyFunction(tx: Sql, file: SqlFile): Promise<void> {
  await tx.exec(file.text);
  await tx.query(sql`INSERT INTO schema_functions (name, checksum) VALUES (${file.name}, ${file.checksum})
    ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`);
}

/**
 * The .sql files of a folder in name order, each with the SHA-256 of its
 * text. Line endings are read as \n, so a checkout that writes \r\n (git on
 * Windows) is not taken for an edited migration.
 */
function readSqlFiles(dir: string): SqlFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8').replace(/\r\n/g, '\n');
      return { name, text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

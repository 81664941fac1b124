/**
 * The migrator (src/platform/db/migrate.ts, docs/decisions/0029-sql-functions-one-file-each.md):
 * every SQL function in force is one file of apps/api/sql/functions and the
 * migrations create none; a changed function file is applied again on the
 * next start; an applied migration is checksummed (adopted once when it was
 * applied before checksums, refused when edited since); a start that fails
 * changes nothing. On PGlite, or on a scratch schema of DATABASE_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/platform/db/database';
import { migrate, MigrationChangedError } from '../../../src/platform/db/migrate';
import { sql } from '../../../src/platform/db/sql';

const MIGRATIONS = fileURLToPath(new URL('../../../migrations', import.meta.url));
const FUNCTIONS = fileURLToPath(new URL('../../../sql/functions', import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scratchDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ databaseUrl, dataDir: 'memory://', schema });
  cleanups.push(async () => {
    if (schema) await db.query(sql`DROP SCHEMA ${sql.raw(schema)} CASCADE`); // a name made here, not input
    await db.close();
  });
  return db;
}

/** A copy of one of the SQL folders that a test may edit. */
function copyOf(dir: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'portal-sql-'));
  cpSync(dir, copy, { recursive: true });
  cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
  return copy;
}

/** The functions of the database's own schema (not those of extensions such as pg_trgm). */
async function functionsInDatabase(db: Database): Promise<{ name: string; source: string }[]> {
  const { rows } = await db.query<{ name: string; source: string }>(sql`
    SELECT p.proname AS name, p.prosrc AS source
      FROM pg_proc p
     WHERE p.pronamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY p.proname`);
  return rows;
}

async function sourceOf(db: Database, name: string): Promise<string> {
  const { rows } = await db.query<{ source: string }>(sql`SELECT prosrc AS source FROM pg_proc WHERE proname = ${name}
    AND pronamespace = current_schema()::regnamespace`);
  return rows[0]!.source;
}

async function tableExists(db: Database, name: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(sql`SELECT to_regclass(${name}) IS NOT NULL AS found`);
  return rows[0]!.found;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sqlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();

describe('migrate', () => {
  functionFileTests();
  checksumAndTransactionTests();
});

function functionFileTests() {
  it('leaves every function of the database in one file of apps/api/sql/functions, the version in force', async () => {
    const db = await scratchDatabase();
    await migrate(db);
    const inDatabase = await functionsInDatabase(db);
    const files = sqlFiles(FUNCTIONS);

    // One function per name (no forgotten overload) and one file per function, both ways.
    expect(inDatabase.map((f) => f.name)).toEqual([...new Set(inDatabase.map((f) => f.name))]);
    expect(inDatabase.map((f) => `${f.name}.sql`)).toEqual(files);

    for (const file of files) {
      const text = readFileSync(path.join(FUNCTIONS, file), 'utf8');
      const name = file.replace(/\.sql$/, '');
      // One CREATE OR REPLACE FUNCTION of the file's name, in the search path's schema (no `public.`).
      expect(text.match(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/gi), file).toHaveLength(1);
      expect(text, file).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, 'm'));
      expect(text, file).not.toMatch(/\bpublic\./i);
      // The body in force is the file's.
      const body = text.slice(text.indexOf('$$') + 2, text.indexOf('$$', text.indexOf('$$') + 2));
      expect(inDatabase.find((f) => f.name === name)!.source, file).toBe(body);
    }

    // The migrations hold tables, indexes, triggers and data moves, no function bodies.
    for (const file of sqlFiles(MIGRATIONS)) {
      expect(readFileSync(path.join(MIGRATIONS, file), 'utf8'), file).not.toMatch(
        /CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i,
      );
    }
    // auth_check_session is gone (0025): nothing called it since 0018 and 0019.
    expect(inDatabase.map((f) => f.name)).not.toContain('auth_check_session');
  });

  it('applies a function file again on the next start when it changed, and only then', async () => {
    const db = await scratchDatabase();
    const functionsDir = copyOf(FUNCTIONS);
    const first = await migrate(db, { functionsDir });
    expect(first.functions).toEqual(sqlFiles(FUNCTIONS));

    expect(await migrate(db, { functionsDir })).toEqual({ migrations: [], functions: [] });

    const file = path.join(functionsDir, 'ledger_refuse_change.sql');
    const edited = readFileSync(file, 'utf8').replace(
      'post a reversing entry instead',
      'post a reversing entry instead (edited)',
    );
    writeFileSync(file, edited);
    expect(await migrate(db, { functionsDir })).toEqual({ migrations: [], functions: ['ledger_refuse_change.sql'] });
    expect(await sourceOf(db, 'ledger_refuse_change')).toContain('(edited)');
    const { rows } = await db.query<{ checksum: string }>(
      sql`SELECT checksum FROM schema_functions WHERE name = 'ledger_refuse_change.sql'`,
    );
    expect(rows[0]!.checksum).toBe(sha256(edited));
    // 0002's trigger on the system accounts runs the new body at once.
    await expect(db.query(sql`DELETE FROM ledger_accounts`)).rejects.toThrow(/\(edited\)/);
  });

  it('refuses a function file whose body does not fit the schema, and changes nothing', async () => {
    const db = await scratchDatabase();
    const functionsDir = copyOf(FUNCTIONS);
    await migrate(db, { functionsDir });
    // An SQL-language function: its body is checked against the schema when it is created (PL/pgSQL's only when run).
    const before = await sourceOf(db, 'plan_simulated_package');

    const file = path.join(functionsDir, 'plan_simulated_package.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace('JOIN packages k', 'JOIN no_such_table k'));
    await expect(migrate(db, { functionsDir })).rejects.toThrow(/no_such_table/);
    expect(await sourceOf(db, 'plan_simulated_package')).toBe(before);
  });

  it('stops start-up naming an applied migration that was edited since, and applies nothing', async () => {
    const db = await scratchDatabase();
    const migrationsDir = copyOf(MIGRATIONS);
    await migrate(db, { migrationsDir });

    appendFileSync(
      path.join(migrationsDir, '0008_list_order_indexes.sql'),
      '\nCREATE INDEX users_email_plain_idx ON users (email);\n',
    );
    writeFileSync(path.join(migrationsDir, '9999_next.sql'), 'CREATE TABLE next_thing (id int);\n');
    const refused = migrate(db, { migrationsDir });
    await expect(refused).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(refused).rejects.toThrow(/Migration 0008_list_order_indexes\.sql has changed since it was applied/);
    expect(await tableExists(db, 'next_thing')).toBe(false);
    expect(await tableExists(db, 'users_email_plain_idx')).toBe(false);
  });
}

function checksumAndTransactionTests() {
  it('adopts once the migrations a database applied before checksums were kept, then guards them', async () => {
    const db = await scratchDatabase();
    const migrationsDir = copyOf(MIGRATIONS);
    await migrate(db, { migrationsDir });
    // What a database migrated before checksums looks like: no checksum
    // column, no record of functions (they came from the migrations).
    await db.exec('ALTER TABLE schema_migrations DROP COLUMN checksum; DROP TABLE schema_functions;');
    // The text it ran differs from today's (0002–0019 lost their function bodies in ADR 0029).
    const edited = path.join(migrationsDir, '0014_money_paths_in_one_statement.sql');
    appendFileSync(edited, "\n-- today's text differs from what this database ran\n");

    expect(await migrate(db, { migrationsDir })).toEqual({ migrations: [], functions: sqlFiles(FUNCTIONS) });
    const { rows } = await db.query<{ name: string; checksum: string }>(
      sql`SELECT name, checksum FROM schema_migrations ORDER BY name`,
    );
    expect(rows).toEqual(
      sqlFiles(migrationsDir).map((name) => ({
        name,
        checksum: sha256(readFileSync(path.join(migrationsDir, name), 'utf8')),
      })),
    );

    // From then on the text adopted is the text guarded.
    appendFileSync(edited, '-- and an edit after adoption\n');
    await expect(migrate(db, { migrationsDir })).rejects.toThrow(/0014_money_paths_in_one_statement\.sql/);
  });

  it('runs the whole start in one transaction: a failing migration leaves the migrations and functions before it undone', async () => {
    const db = await scratchDatabase();
    const migrationsDir = copyOf(MIGRATIONS);
    const functionsDir = copyOf(FUNCTIONS);
    await migrate(db, { migrationsDir, functionsDir });
    const before = await sourceOf(db, 'ledger_refuse_change');

    writeFileSync(path.join(migrationsDir, '9998_fine.sql'), 'CREATE TABLE fine_thing (id int);\n');
    writeFileSync(
      path.join(migrationsDir, '9999_broken.sql'),
      'CREATE TABLE broken_thing (id int REFERENCES no_such_table (id));\n',
    );
    const file = path.join(functionsDir, 'ledger_refuse_change.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace('instead', 'instead (new)'));

    await expect(migrate(db, { migrationsDir, functionsDir })).rejects.toThrow(/no_such_table/);
    expect(await tableExists(db, 'fine_thing')).toBe(false);
    expect(await sourceOf(db, 'ledger_refuse_change')).toBe(before);
    const { rows } = await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM schema_migrations WHERE name LIKE '999%'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('gives pending migrations the functions in force: a new trigger of a new function, created in one start', async () => {
    const db = await scratchDatabase();
    const migrationsDir = copyOf(MIGRATIONS);
    const functionsDir = copyOf(FUNCTIONS);
    await migrate(db, { migrationsDir, functionsDir });

    writeFileSync(
      path.join(functionsDir, 'notes_refuse_empty.sql'),
      [
        '-- A test function: refuses an empty note.',
        'CREATE OR REPLACE FUNCTION notes_refuse_empty() RETURNS trigger LANGUAGE plpgsql AS $$',
        'BEGIN',
        "  IF NEW.body = '' THEN RAISE EXCEPTION 'empty note'; END IF;",
        '  RETURN NEW;',
        'END $$;',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(migrationsDir, '9999_notes.sql'),
      'CREATE TABLE notes (body text NOT NULL);\n' +
        'CREATE TRIGGER notes_not_empty BEFORE INSERT ON notes FOR EACH ROW EXECUTE FUNCTION notes_refuse_empty();\n',
    );
    expect(await migrate(db, { migrationsDir, functionsDir })).toEqual({
      migrations: ['9999_notes.sql'],
      functions: ['notes_refuse_empty.sql'],
    });
    await expect(db.query(sql`INSERT INTO notes (body) VALUES ('')`)).rejects.toThrow(/empty note/);

    // A file removed (its function dropped by a migration) is forgotten, so that it is applied again if it comes back.
    rmSync(path.join(functionsDir, 'notes_refuse_empty.sql'));
    writeFileSync(
      path.join(migrationsDir, '9999_notes_gone.sql'),
      'DROP TABLE notes; DROP FUNCTION notes_refuse_empty();\n',
    );
    await migrate(db, { migrationsDir, functionsDir });
    const { rows } = await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM schema_functions WHERE name = 'notes_refuse_empty.sql'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
}

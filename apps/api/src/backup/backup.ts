import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../platform/db/database';
import { migrate } from '../platform/db/migrate';
import { withPgClient } from '../platform/db/postgres';
import { recordRestoreCheck } from '../withdrawals/payout/after-restore';
import { lockDataFolder } from '../setup/data-folder';

/**
 * Backup and restore of the portal's database (docs/decisions/0031-backup-and-restore.md).
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` of the whole database, online
 *   (pg_dump reads one snapshot, the portal keeps running); `pg_restore`
 *   only into an EMPTY database, in one transaction.
 * - The embedded database (PGlite in DATA_DIR): the data folder's lock is
 *   taken first (setup/data-folder.ts), so the backup refuses while the
 *   portal runs; PGlite's own `dumpDataDir` writes a gzipped tarball of the
 *   database, `loadDataDir` reads it into a folder that holds no database.
 *
 * Neither holds a secret of the environment (HD seed, hot and gas keys, JWT
 * secret): those are never written to the database. The files beside the
 * database in DATA_DIR (jwt-secret, totp-encryption.key, the embedded
 * chain's keys and state, the outbox) are not part of a dump.
 */
export class BackupError extends Error {}

export interface BackupTarget {
  /** postgres://… of the portal's database; otherwise the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

export interface BackupResult {
  kind: 'postgres' | 'pglite';
  file: string;
  bytes: number;
}

/** The file PostgreSQL (and so PGlite) keeps at the top of every data folder. */
const PG_VERSION = 'PG_VERSION';

export async function backup(target: BackupTarget, file: string): Promise<BackupResult> {
  const out = path.resolve(file);
  if (existsSync(out))
    throw new BackupError(`${out} already exists; choose a new file name (a backup never overwrites one).`);
  // Written beside the target and renamed at the end: a failed backup leaves no file that looks whole.
  const partial = `${out}.partial-${process.pid}`;
  try {
    // Owner-only from its first byte: pg_dump writes into the file as it is, so it never holds data readable by others.
    writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
    if (target.databaseUrl) await pgDump(target.databaseUrl, partial);
    else await pgliteDump(target.dataDir, partial);
    chmodSync(partial, 0o600);
    renameSync(partial, out);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { kind: target.databaseUrl ? 'postgres' : 'pglite', file: out, bytes: statSync(out).size };
}

export interface RestoreResult {
  kind: 'postgres' | 'pglite';
  /**
   * Payouts approved but not yet signed when the backup was taken. If the old
   * portal paid one after the backup, the restored one cannot know (no hash,
   * no nonce recorded) and would pay it again: the operator checks them
   * against the hot wallet's transfers before starting the portal (ADR 0031).
   */
  unsignedPayouts: number;
  /** Payouts approved and not yet paid in the backup: none is paid until the payout job has matched them on chain. */
  heldPayouts: number;
}

/** Payouts of the restored database with no transaction signed yet. */
const UNSIGNED_PAYOUTS = `SELECT count(*)::int AS n FROM payouts WHERE status = 'queued'`;

export async function restore(target: BackupTarget, file: string): Promise<RestoreResult> {
  const from = path.resolve(file);
  if (!existsSync(from)) throw new BackupError(`${from} does not exist.`);
  const restored: RestoreResult = target.databaseUrl
    ? { kind: 'postgres', unsignedPayouts: await pgRestore(target.databaseUrl, from), heldPayouts: 0 }
    : { kind: 'pglite', unsignedPayouts: await pgliteRestore(target.dataDir, from), heldPayouts: 0 };
  // The schema brought up to date (as the portal's start would) and the payouts not yet paid held until the
  // payout job has matched them with the hot wallet's transfers since the backup (withdrawals/payout/after-restore.ts).
  const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await migrate(db);
    restored.heldPayouts = await recordRestoreCheck(db);
  } finally {
    await db.close();
  }
  return restored;
}

// --- PostgreSQL -------------------------------------------------------------

/**
 * The URL without its password, and the password for PGPASSWORD: a password
 * on pg_dump's command line would be visible to every user in `ps`.
 */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed (install the PostgreSQL client tools of the server's version).`
            : error.message,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  await withPgClient(databaseUrl, async (client) => {
    if (!(await holdsPortal(client)))
      throw new BackupError(
        'DATABASE_URL names a database that holds no portal (no schema_migrations table); nothing to back up.',
      );
  });
  // Custom format (compressed, selective restore); no owners or grants, so it restores under another role.
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], env);
}

async function pgRestore(databaseUrl: string, file: string): Promise<number> {
  await withPgClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number; portal: boolean }>(
      `SELECT count(*)::int AS n, bool_or(c.relname = 'schema_migrations') AS portal
         FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_toast%' AND s.nspname NOT LIKE 'pg\\_temp%'`,
    );
    const { n, portal } = rows[0]!;
    if (portal)
      throw new BackupError(
        'The database named by DATABASE_URL already holds a portal; a restore goes only into a new, empty database (createdb <name>, then point DATABASE_URL at it).',
      );
    if (n > 0)
      throw new BackupError(
        `The database named by DATABASE_URL is not empty (${n} tables, views or sequences); a restore goes only into a new, empty database.`,
      );
  });
  // One transaction: a restore that fails half-way leaves the database empty, never half a portal.
  const { url, env } = connection(databaseUrl);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file],
    env,
  );
  return withPgClient(databaseUrl, async (client) => {
    if (!(await holdsPortal(client))) {
      throw new BackupError(
        `${file} restored, but it holds no portal (no schema_migrations table): is it a portal backup? Drop and create the database again before the next restore.`,
      );
    }
    return (await client.query<{ n: number }>(UNSIGNED_PAYOUTS)).rows[0]!.n;
  });
}

async function holdsPortal(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS found`,
  );
  return rows[0]!.found;
}

// --- PGlite -----------------------------------------------------------------

async function openPgliteRaw(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // The same extensions as the portal's (platform/db/pglite.ts): the dump holds pg_trgm's objects.
  return PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

async function pgliteDump(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, PG_VERSION)))
    throw new BackupError(`${dataDir} holds no embedded database; nothing to back up (is DATA_DIR right?).`);
  // The portal holds this lock while it runs: a copy taken under a running PGlite could miss committed pages.
  const lock = lockDataFolder(dataDir, 'the backup');
  try {
    const db = await openPgliteRaw(dataDir);
    try {
      const found = await db.query<{ found: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`);
      if (!found.rows[0]!.found)
        throw new BackupError(`${dataDir} holds no portal (no schema_migrations table); nothing to back up.`);
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

async function pgliteRestore(dataDir: string, file: string): Promise<number> {
  if (existsSync(path.join(dataDir, PG_VERSION))) {
    throw new BackupError(
      `${dataDir} already holds a database; a restore goes only into a new, empty DATA_DIR (move the old folder aside first).`,
    );
  }
  const lock = lockDataFolder(dataDir, 'the restore');
  // What the folder held before (the portal's own files may already be there): a failed restore removes only what it wrote.
  const before = new Set(readdirSync(dataDir));
  try {
    const db = await openPgliteRaw(dataDir, new Blob([readFileSync(file)])).catch((error: unknown) => {
      throw new BackupError(
        `${file} could not be read as a backup of the embedded database (the .tar.gz npm run db:backup writes): ${error instanceof Error ? error.message : String(error)}. Nothing was restored.`,
      );
    });
    try {
      const found = await db.query<{ found: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`);
      if (!found.rows[0]!.found)
        throw new BackupError(
          `${file} holds no portal (no schema_migrations table): is it a portal backup? Nothing was restored.`,
        );
      return (await db.query<{ n: number }>(UNSIGNED_PAYOUTS)).rows[0]!.n;
    } finally {
      await db.close();
    }
  } catch (error) {
    for (const name of readdirSync(dataDir))
      if (!before.has(name)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

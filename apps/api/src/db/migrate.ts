import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database';
import { sql } from './sql';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
// Any constant: it only has to be the same in every process of the portal.
const MIGRATION_LOCK = 724_311;

/**
 * Applies the plain SQL files of apps/api/migrations in name order, each in its
 * own transaction, once. On a server an advisory lock keeps two processes that
 * start together from applying the same file twice.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ name: string }>(sql`SELECT name FROM schema_migrations`)).rows.map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await tx.exec(text);
      await tx.query(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      applied.push(file);
    }
    return applied;
  });
}


import { SETTINGS_DEFAULTS, settingsSchema, type Settings } from '@portal/contract';
import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** Settings as read at one version (settings_bump_version.sql in apps/api/sql/functions: every change gives a new random version). */
export interface VersionedSettings {
  version: string;
  settings: Settings;
}

// The settings this process read last, with their version. Versions are
// random, so a copy can never be taken for another database's: it is used
// only when a statement finds its version in force, so a process's several
// portals may share it (module state by choice, docs/decisions/0057-composition-root.md).
let lastRead: VersionedSettings | undefined;

/**
 * The settings in force: the stored values over the defaults. Read inside
 * the transaction of the event they govern, so a change applies to later
 * events only. One query, as before; when the version the transaction sees
 * is the one this process read last, it answers no rows and the copy is
 * used (nothing to parse).
 */
export async function readSettings(db: Sql): Promise<Settings> {
  return (await readVersionedSettings(db)).settings;
}

/** The settings of `version` (read by the caller's own statement): those last read if they are that version, else read anew. */
export async function settingsOfVersion(db: Sql, version: string): Promise<Settings> {
  const known = lastRead;
  return known?.version === version ? known.settings : readSettings(db);
}

async function readVersionedSettings(db: Sql): Promise<VersionedSettings> {
  const known = lastRead;
  const { rows } = await db.query<{ version: string; key: string | null; value: unknown }>(
    sql`SELECT v.version::text AS version, s.key, s.value FROM settings_version v LEFT JOIN settings s ON v.version IS DISTINCT FROM ${known?.version ?? null}::uuid`,
  );
  const version = rows[0]!.version;
  if (known && version === known.version) return known;
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of rows) if (row.key !== null && row.key in merged) merged[row.key] = row.value;
  const read = { version, settings: Object.freeze(settingsSchema.parse(merged)) };
  lastRead = read;
  return read;
}

/**
 * Runs a money path's statement under the settings in force (ADR 0025),
 * without first asking the database for them: `run` gets the settings this
 * process read last and sends their version along; a statement that finds
 * another version in force refuses (PT409 `SETTINGS_CHANGED`, as
 * ledger_transfers.sql and plan_purchases.sql do), and `run` goes again with
 * the settings read anew, up to five times. The transfer and purchase
 * groups run this way.
 */
export async function runUnderSettingsInForce<T>(db: Sql, run: (known: VersionedSettings) => Promise<T>): Promise<T> {
  let known = lastReadSettings() ?? (await readVersionedSettings(db));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(known);
    } catch (error) {
      if (!settingsChanged(error) || attempt >= 5) throw error;
      known = await readVersionedSettings(db);
    }
  }
}

/** The refusal of a statement run with settings no longer in force. */
function settingsChanged(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === 'PT409' && e.message === 'SETTINGS_CHANGED';
}

/** The settings this process read last, without asking the database; undefined until something has read them. */
export function lastReadSettings(): VersionedSettings | undefined {
  return lastRead;
}

/** Drops the copy unless it is of `version` (a `portal_settings` notification from another process). */
export function forgetSettings(version?: string): void {
  if (!version || lastRead?.version !== version) lastRead = undefined;
}

/**
 * On PostgreSQL, several API processes share the settings: each drops its
 * copy as soon as another commits a change (settings_bump_version.sql notifies
 * `portal_settings`), so its next event need not be refused and retried.
 * Correctness never depends on it: every event checks the version itself.
 */
export async function watchSettings(db: Database): Promise<void> {
  await db.listen?.('portal_settings', (version) => forgetSettings(version));
}
